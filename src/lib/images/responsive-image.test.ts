import { describe, expect, it } from 'vitest';
import { enlargedImageUrl, imageCdnUrl, imageLayouts, responsiveImage, type ImageLayoutName } from './responsive-image';

const upload = '/api/product-photos/0b6f3c1e-5d1a-4c61-9a43-2f7f3f0c9d11.jpg';

/** The CDN parameters of an address made here. */
function cdnParams(address: string): Record<string, string> {
  const url = new URL(address, 'https://site.example');
  expect(url.pathname).toBe('/.netlify/images');
  return Object.fromEntries(url.searchParams);
}

describe('responsiveImage', () => {
  it('sends an upload through the CDN at every width of its layout, cropped to the 4:3 frame, format left to the browser', () => {
    const image = responsiveImage(upload, 'card3');
    const candidates = image.srcset!.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(['320w', '480w', '640w', '800w']);
    for (const [address, descriptor] of candidates) {
      const width = Number.parseInt(descriptor!, 10);
      expect(cdnParams(address!)).toEqual({ url: upload, w: String(width), h: String((width * 3) / 4), fit: 'cover' });
    }
    expect(image.sizes).toBe(imageLayouts.card3.sizes);
    // Without srcset support a browser still gets a resized copy, never the upload.
    expect(cdnParams(image.src)).toMatchObject({ url: upload, w: '480' });
    expect(image).toMatchObject({ width: 800, height: 600 });
  });

  it('keeps characters of the source that mean something in a query inside the url parameter', () => {
    const odd = '/images/products/a&w=1#b.jpg';
    expect(cdnParams(imageCdnUrl(odd, 320))).toEqual({ url: odd, w: '320', h: '240', fit: 'cover' });
  });

  it('uses SVG illustrations as they are: a vector is sharp at any width and smaller than any bitmap of it', () => {
    const image = responsiveImage('/images/products/pink-castle-bounce-house.svg', 'productMain', { priority: true });
    expect(image.src).toBe('/images/products/pink-castle-bounce-house.svg');
    expect(image.srcset).toBeUndefined();
    expect(image.sizes).toBeUndefined();
    expect(image).toMatchObject({ width: 800, height: 600, loading: 'eager', fetchpriority: 'high' });
  });

  it('leaves other hosts alone: the CDN only fetches from them when netlify.toml allows it', () => {
    for (const remote of ['https://cdn.example.com/castle.jpg', '//cdn.example.com/castle.jpg']) {
      const image = responsiveImage(remote, 'card4');
      expect(image.src).toBe(remote);
      expect(image.srcset).toBeUndefined();
    }
  });

  it('loads the main image at once with high priority, above-the-fold cards at once, and everything else lazily', () => {
    expect(responsiveImage(upload, 'productMain', { priority: true })).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    const eager = responsiveImage(upload, 'card3', { eager: true });
    expect(eager).toMatchObject({ loading: 'eager', decoding: 'async' });
    expect(eager.fetchpriority).toBeUndefined();
    const lazy = responsiveImage(upload, 'card3');
    expect(lazy).toMatchObject({ loading: 'lazy', decoding: 'async' });
    expect(lazy.fetchpriority).toBeUndefined();
  });

  it('gives the cart line its own small frame', () => {
    expect(responsiveImage(upload, 'cartLine')).toMatchObject({ width: 96, height: 72, sizes: '96px' });
  });
});

describe('imageLayouts', () => {
  it('offers each layout an image at least twice its widest drawn size, for high-density screens', () => {
    for (const [name, layout] of Object.entries(imageLayouts) as [ImageLayoutName, (typeof imageLayouts)[ImageLayoutName]][]) {
      const fixedWidths = [...layout.sizes.matchAll(/(?:^|[,)]\s*)(\d+)px/g)].map((m) => Number(m[1]));
      expect(fixedWidths.length, name).toBeGreaterThan(0);
      expect(Math.max(...layout.widths), name).toBeGreaterThanOrEqual(2 * Math.max(...fixedWidths));
      expect([...layout.widths].sort((a, b) => a - b), name).toEqual(layout.widths);
    }
  });
});

describe('enlargedImageUrl', () => {
  it('links a thumbnail to a large CDN copy of the whole photo, and an SVG to itself', () => {
    expect(cdnParams(enlargedImageUrl(upload))).toEqual({ url: upload, w: '1600' });
    expect(enlargedImageUrl('/images/products/bungee-run.svg')).toBe('/images/products/bungee-run.svg');
  });
});
