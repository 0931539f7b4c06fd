/**
 * Netlify Image CDN, asked for an image without `fm`, answers in the best format the browser's Accept
 * header allows (AVIF or WebP). Netlify's local image handler (@netlify/images, on ipx) keeps the
 * source's format unless the request says `auto`; ipx then negotiates on the same Accept header.
 * Returns the request path to hand to that handler, or null when the request needs no change.
 */
export function withNegotiatedFormat(requestPath: string): string | null {
  const url = new URL(requestPath, 'http://local');
  if (url.pathname !== '/.netlify/images' && url.pathname !== '/.netlify/images/') return null;
  if (url.searchParams.has('fm')) return null;
  url.searchParams.set('fm', 'auto');
  return `${url.pathname}${url.search}`;
}
