/**
 * /embed.js, the snippet's one stable address (no version to change by hand): a few hundred bytes,
 * cached for minutes, that add the widget itself, named by its content hash and cached for a year, as a
 * module script from the same site. Written by the build (src/integrations/embed-widget.ts).
 * `data-prefix` on the snippet's tag renames the elements (`acme-product`) where `party-` would clash.
 */
export const EMBED_LOADER_PATH = '/embed.js';
export const EMBED_WIDGET_DIR = '/embed/';

export function embedLoader(widgetPath: string): string {
  return `(()=>{const c=document.currentScript;if(!c)return;const s=document.createElement('script');s.type='module';s.src=new URL(${JSON.stringify(widgetPath)},c.src).href;s.dataset.partyEmbed='';if(c.dataset.prefix)s.dataset.prefix=c.dataset.prefix;document.head.append(s)})();\n`;
}

/** The snippet an owner pastes: the loader (async: it never holds up the host page) and the elements. */
export function embedSnippet(siteUrl: string, elements: string): string {
  return `<script async src="${siteUrl.replace(/\/$/, '')}${EMBED_LOADER_PATH}"></script>\n${elements}`;
}
