import type { APIRoute } from 'astro';
import { faviconSvg } from '../lib/site';
import { siteData } from '../lib/site/index.server';

/** The browser tab's icon, a balloon in the brand's colours (written at build). */
export const GET: APIRoute = async () => {
  const { settings } = await siteData();
  return new Response(faviconSvg(settings.brandColor), { headers: { 'content-type': 'image/svg+xml' } });
};
