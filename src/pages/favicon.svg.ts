import type { APIRoute } from 'astro';
import { siteData } from '../lib/site/build-data.server';
import { brandPalette } from '../lib/site/brand-palette';

/** The browser tab's icon, a balloon in the brand's colours (written at build). */
export const GET: APIRoute = async () => {
  const { settings } = await siteData();
  const palette = brandPalette(settings.brandColor);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="26" r="20" fill="${palette[500]}"/><path d="M32 46v14" stroke="${palette[600]}" stroke-width="3"/><ellipse cx="25" cy="19" rx="5" ry="7" fill="${palette[200]}"/></svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
};
