import type { APIRoute } from 'astro';
import { siteData } from '../../lib/site/index.server';
import { ogImageSvg } from '../../lib/site';

/** The default share picture, drawn at build from the settings (sharp: Astro's own image library). */
export const GET: APIRoute = async () => {
  const { settings } = await siteData();
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(ogImageSvg(settings))).png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
