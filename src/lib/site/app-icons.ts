import { brandPalette } from '../business';

/** The site's mark, a balloon in the brand's colours, drawn on a 64 × 64 grid. */
function balloon(brandColor: string): string {
  const p = brandPalette(brandColor);
  return `<circle cx="32" cy="26" r="20" fill="${p[500]}"/><path d="M32 46v14" stroke="${p[600]}" stroke-width="3"/><ellipse cx="25" cy="19" rx="5" ry="7" fill="${p[200]}"/>`;
}

/** The browser tab's icon (/favicon.svg). */
export function faviconSvg(brandColor: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${balloon(brandColor)}</svg>`;
}

/** The home-screen icons of the installable app, by file name (/icons/{name}.png). */
export const APP_ICONS = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  // A maskable icon is cropped to a circle or a rounded square: the mark keeps to the middle 60 %.
  'maskable-512': { size: 512, maskable: true },
  'apple-touch-icon': { size: 180, maskable: false },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

/** One app icon as SVG, for the build to turn into a PNG (home screens take no SVG). */
export function appIconSvg(brandColor: string, name: AppIconName): string {
  const { size, maskable } = APP_ICONS[name];
  const background = maskable ? brandPalette(brandColor)[50] : '#ffffff';
  const mark = maskable ? `<g transform="translate(12.8 12.8) scale(0.6)">${balloon(brandColor)}</g>` : balloon(brandColor);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>${mark}</svg>`;
}
