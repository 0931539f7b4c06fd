import { publicApi } from '../paths';

/**
 * /embed.js, the snippet's one stable address (no version to change by hand): a few hundred bytes,
 * cached for minutes, that add the widget itself, named by its content hash and cached for a year, as a
 * module script from the same site. Written by the build (src/integrations/embed-widget.ts).
 * `data-prefix` on the snippet's tag renames the elements (`acme-product`) where `party-` would clash.
 */
export const EMBED_LOADER_PATH = '/embed.js';
export const EMBED_WIDGET_DIR = '/embed/';

/** Where the loader leaves the answers it asked for early, by the path asked (on the host page's window). */
export const EMBED_EARLY_KEY = 'party-embed-early';
/** The widget's elements, each named `${prefix}-${name}` (src/scripts/embed/widget.ts defines them). */
export const EMBED_ELEMENTS = ['product', 'catalog', 'date-search', 'cart'] as const;
/** The element prefix: letters and digits after a letter, so it makes valid custom element names and selectors. */
export const EMBED_PREFIX = /^[a-z][a-z0-9]*$/;

/**
 * While the widget's module downloads, the loader already asks what the first elements need: the site's
 * verdict and each product element's product (no credentials, as the widget asks). On a phone every
 * round trip is about 150 ms, and this takes one out of the way to the first element (issue #39: shown
 * within a second). Catalogs are not asked here: a long one far down the page waits for the viewport.
 * The widget takes each answer once, by the same path it would ask (src/scripts/embed/widget-api.ts),
 * a Spanish element's with its `&lang=es` (pageSaysSpanish in src/scripts/embed/widget-words.ts);
 * one it never takes (an element that never loads) fails quietly instead of as an unhandled rejection.
 *
 * Nothing of this happens on a page with none of the elements (a host site's template carries the
 * snippet on every page): the loader waits for the first element instead, which the parser may still
 * be writing (the loader is async, so it can run before the elements below it) or the host page's own
 * script may add later. It looks only at the nodes added, not the whole page, on each change.
 */
export function embedLoader(widgetPath: string): string {
  const productPath = publicApi.embed.products({ product: 'SLUG' }).replace('SLUG', '');
  return `(()=>{const c=document.currentScript;if(!c)return;const p=${EMBED_PREFIX}.test(c.dataset.prefix||'')?c.dataset.prefix:'party',q=${JSON.stringify(EMBED_ELEMENTS)}.map((n)=>p+'-'+n).join(),go=()=>{const e={},a=(u)=>{(e[u]=fetch(new URL(u,c.src),{credentials:'omit',mode:'cors'})).catch(()=>{})};a(${JSON.stringify(publicApi.embed.config)});for(const l of document.querySelectorAll(p+'-product[slug]'))if(l.getAttribute('slug'))a(${JSON.stringify(productPath)}+encodeURIComponent(l.getAttribute('slug'))+(/^es\\b/i.test(l.closest('[lang]')?.getAttribute('lang')||'')?'&lang=es':''));window[Symbol.for(${JSON.stringify(EMBED_EARLY_KEY)})]=e;const s=document.createElement('script');s.type='module';s.src=new URL(${JSON.stringify(widgetPath)},c.src).href;s.dataset.partyEmbed='';if(c.dataset.prefix)s.dataset.prefix=c.dataset.prefix;document.head.append(s)};if(document.querySelector(q))return go();const o=new MutationObserver((m)=>{for(const r of m)for(const n of r.addedNodes)if(n.nodeType===1&&(n.matches(q)||n.querySelector(q))){o.disconnect();return go()}});o.observe(document,{childList:true,subtree:true})})();\n`;
}

/** The snippet an owner pastes: the loader (async: it never holds up the host page) and the elements. */
export function embedSnippet(siteUrl: string, elements: string): string {
  return `<script async src="${siteUrl.replace(/\/$/, '')}${EMBED_LOADER_PATH}"></script>\n${elements}`;
}
