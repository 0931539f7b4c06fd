/**
 * Product and category images as a storefront serves them: staff uploads are never sent as uploaded;
 * Netlify Image CDN (`/.netlify/images`, served locally by `npm start` through Netlify's own image
 * handler) makes each size on demand and picks AVIF or WebP from the browser's Accept header, so no
 * `fm` is set here. The original upload stays untouched in storage.
 */

/**
 * Where an image sits on the page: the widths the CDN makes for it and how wide the browser draws it
 * (`sizes`), worked out from the layout's CSS (page column `max-w-6xl px-4`: 1120 px wide from a
 * 1152 px viewport, the full width less 2rem below). Every slot shows a 4:3 frame.
 */
export interface ImageLayout {
  /** The `width` attribute (with a 4:3 `height`): the frame's shape for layout before the image arrives. */
  width: number;
  widths: readonly number[];
  sizes: string;
}

export const imageLayouts = {
  /** The product page's main photo: the left 3/5 of a two-column grid from `lg`, full width below. */
  productMain: {
    width: 800,
    widths: [480, 640, 800, 1080, 1296],
    sizes: '(min-width: 1152px) 648px, (min-width: 1024px) calc(60vw - 43px), calc(100vw - 2rem)',
  },
  /** The home page hero: one of two columns from `lg`. */
  hero: {
    width: 800,
    widths: [480, 640, 800, 1080],
    sizes: '(min-width: 1152px) 540px, (min-width: 1024px) calc(50vw - 36px), calc(100vw - 2rem)',
  },
  /** The product page's smaller photos: 3 to a row, 4 from `sm`, inside the main photo's column. */
  galleryThumb: {
    width: 200,
    widths: [160, 240, 320, 480],
    sizes: '(min-width: 1152px) 153px, (min-width: 1024px) calc(15vw - 20px), (min-width: 640px) calc(25vw - 17px), calc(33vw - 19px)',
  },
  /** Cards three to a row from `lg`, two from `sm`: catalog, landing pages, "available on your date". */
  card3: {
    width: 800,
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 1152px) 357px, (min-width: 1024px) calc(33vw - 27px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 2rem)',
  },
  /** Cards four to a row from `lg`, two from `sm`: home categories, related products. */
  card4: {
    width: 800,
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 1152px) 262px, (min-width: 1024px) calc(25vw - 26px), (min-width: 640px) calc(50vw - 28px), calc(100vw - 2rem)',
  },
  /** The services page: the narrow 2/5 column from `lg`. */
  serviceSide: {
    width: 800,
    widths: [320, 480, 640, 800, 960],
    sizes: '(min-width: 1152px) 435px, (min-width: 1024px) calc(40vw - 26px), calc(100vw - 2rem)',
  },
  /** A cart line's 96 px thumbnail. */
  cartLine: {
    width: 96,
    widths: [96, 192, 288],
    sizes: '96px',
  },
} as const satisfies Record<string, ImageLayout>;

export type ImageLayoutName = keyof typeof imageLayouts;

/** Every slot is a 4:3 frame (`aspect-[4/3] object-cover` in the markup). */
const ASPECT = 3 / 4;

/** The `<img>` attributes for one image, for Astro pages and React islands alike. */
export interface ResponsiveImageAttributes {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  loading: 'eager' | 'lazy';
  decoding: 'async' | 'auto';
  fetchpriority?: 'high';
}

export interface ResponsiveImageOptions {
  /**
   * The page's largest image in the first screen (its LCP element): loaded at once, ahead of other
   * images. Everything else waits until it nears the viewport.
   */
  priority?: boolean | undefined;
  /** Above the fold but not the main image (the first row of the catalog): loaded at once, at normal priority. */
  eager?: boolean | undefined;
}

/**
 * Only this site's own files and functions go through the CDN: Netlify transforms other hosts only
 * when netlify.toml lists them (`[images] remote_images`), and a category image may be any https://
 * address staff typed in.
 */
function isSitePath(source: string): boolean {
  return source.startsWith('/') && !source.startsWith('//');
}

/**
 * The shipped illustrations are SVG: a vector is already sharp at every width and is 1-6 KB (about
 * half that compressed). The CDN's outputs are raster formats only (avif, webp, jpg, png, gif), so
 * sending an SVG through it could only turn it into a larger bitmap per width; it is served as it is.
 */
export function isVector(source: string): boolean {
  return /\.svg$/i.test(source.split(/[?#]/)[0]!);
}

/** The CDN address of `source` cropped to a 4:3 frame `width` pixels wide; the format is the browser's choice. */
export function imageCdnUrl(source: string, width: number): string {
  const height = Math.round(width * ASPECT);
  const query = new URLSearchParams({ url: source, w: String(width), h: String(height), fit: 'cover' });
  return `/.netlify/images?${query}`;
}

/**
 * `src`, `srcset` and `sizes` for `source` in `layout`, with explicit width and height (the 4:3 frame,
 * so the page never shifts while it loads) and the loading hints. Photos get one CDN address per width;
 * SVGs and other hosts' addresses are used as they are.
 */
export function responsiveImage(source: string, layoutName: ImageLayoutName, options: ResponsiveImageOptions = {}): ResponsiveImageAttributes {
  const layout: ImageLayout = imageLayouts[layoutName];
  const frameAndHints: Omit<ResponsiveImageAttributes, 'src' | 'srcset' | 'sizes'> = {
    width: layout.width,
    height: Math.round(layout.width * ASPECT),
    loading: options.priority || options.eager ? 'eager' : 'lazy',
    decoding: options.priority ? 'auto' : 'async',
    ...(options.priority ? { fetchpriority: 'high' as const } : {}),
  };
  if (!isSitePath(source) || isVector(source)) return { src: source, ...frameAndHints };
  // The fallback `src` (for browsers without srcset) is a middle width, never the upload itself.
  const fallback = layout.widths[Math.floor((layout.widths.length - 1) / 2)]!;
  return {
    src: imageCdnUrl(source, fallback),
    srcset: layout.widths.map((w) => `${imageCdnUrl(source, w)} ${w}w`).join(', '),
    sizes: layout.sizes,
    ...frameAndHints,
  };
}

/**
 * Where a small photo links to for a closer look: a large version made by the CDN (whole photo, not
 * cropped), so opening it never downloads the upload itself.
 */
export function enlargedImageUrl(source: string): string {
  if (!isSitePath(source) || isVector(source)) return source;
  return `/.netlify/images?${new URLSearchParams({ url: source, w: String(ENLARGED_WIDTH) })}`;
}

const ENLARGED_WIDTH = 1600;
