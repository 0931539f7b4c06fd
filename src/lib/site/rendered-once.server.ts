import { siteData, type SiteData } from './build-data.server';

const rendered = new WeakMap<SiteData, Map<string, Promise<string>>>();

/**
 * HTML made once per build (components/site/RenderedOnce.astro): kept with the site data it was
 * rendered from, so a build that reads the data again (a dev server after a change) renders it again.
 */
export async function renderedOnce(name: string, render: () => Promise<string>): Promise<string> {
  const data = await siteData();
  let parts = rendered.get(data);
  if (!parts) rendered.set(data, (parts = new Map()));
  let html = parts.get(name);
  if (!html) parts.set(name, (html = render()));
  return html;
}
