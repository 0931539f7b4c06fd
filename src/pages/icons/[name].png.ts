import type { APIRoute, GetStaticPaths } from 'astro';
import { APP_ICONS, appIconSvg, type AppIconName } from '../../lib/site';
import { siteData } from '../../lib/site/index.server';

export const getStaticPaths = (() => Object.keys(APP_ICONS).map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

/** The app's home-screen icons, drawn at build in the brand's colours (sharp: Astro's own image library). */
export const GET: APIRoute = async ({ params }) => {
  const { settings } = await siteData();
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(appIconSvg(settings.brandColor, params.name as AppIconName))).png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
