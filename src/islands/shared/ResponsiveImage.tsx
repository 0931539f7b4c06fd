import { responsiveImage, type ImageLayoutName } from '../../lib/images';

interface Props {
  /** The image as stored: a site path (upload or illustration) or another host's address. */
  src: string;
  alt: string;
  layout: ImageLayoutName;
  className?: string;
}

/** The islands' twin of ResponsiveImage.astro; islands draw below the fold, so their images load lazily. */
export default function ResponsiveImage({ src, alt, layout, className }: Props) {
  const image = responsiveImage(src, layout);
  return (
    // loading and sizes before the sources: an image made by script starts fetching as soon as it has
    // a source, so a lazy image given src first would load at once, and at the wrong width.
    <img
      loading={image.loading}
      decoding={image.decoding}
      sizes={image.sizes}
      srcSet={image.srcset}
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      className={className}
    />
  );
}
