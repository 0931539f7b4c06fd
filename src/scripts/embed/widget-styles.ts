/**
 * The elements' own styles, in their shadow roots (the host page's CSS cannot reach in, theirs cannot
 * leak out), adopted as a constructed sheet: a host page whose policy forbids inline styles still shows
 * them. The owner's look comes in as custom properties a host page may override on the element or any
 * ancestor: --party-brand, --party-font, --party-radius.
 * The host is no size container (container-type): such an element cannot take its width from its
 * content, so one the host page sizes by its content (the cart in a header's flex row, in a float) had
 * no width, and its button spilled over the page's edge. The photo's room while loading is a 4:3 box.
 * A catalog's cards are at least 14rem wide, or the element's width where the owner's column is narrower
 * (a sidebar): a fixed 14rem column spilled out of such a column, over the text beside it.
 */
export const WIDGET_CSS = `
:host { display: block; box-sizing: border-box; color: #1e293b; font-family: var(--party-font, var(--_font, inherit)); line-height: 1.4;
  --_brand-color: var(--party-brand, var(--_brand, #db2777)); --_r: var(--party-radius, var(--_radius, 0.75rem)); }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
.card { border: 1px solid #e2e8f0; border-radius: var(--_r); background: #fff; padding: 1rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(min(14rem, 100%), 1fr)); }
img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; border-radius: calc(var(--_r) / 1.5); background: #f1f5f9; }
h3 { margin: 0.75rem 0 0.25rem; font-size: 1.125rem; }
p { margin: 0.25rem 0; }
.price { color: #334155; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin-top: 0.75rem; }
label { display: grid; gap: 0.25rem; font-size: 0.875rem; font-weight: 600; }
input { font: inherit; padding: 0.5rem; min-height: 2.75rem; border: 1px solid #94a3b8; border-radius: calc(var(--_r) / 2); }
button, .button { font: inherit; font-weight: 700; min-height: 2.75rem; padding: 0.5rem 1rem; border-radius: calc(var(--_r) / 2); cursor: pointer;
  border: 2px solid var(--_brand-color); background: var(--_brand-color); color: #fff; text-decoration: none; display: inline-flex; align-items: center; }
.secondary { background: #fff; color: var(--_brand-color); }
button:focus-visible, .button:focus-visible, input:focus-visible { outline: 3px solid #0f172a; outline-offset: 2px; }
button[disabled] { opacity: 0.6; cursor: progress; }
button[aria-disabled='true'] { opacity: 0.6; cursor: default; }
/* The cart's lines: a name, then its quantity and Remove on one row, on a phone too. */
.lines { margin-bottom: 0.75rem; }
.lines h2 { margin: 0; font-size: 1.125rem; }
.total { margin-top: 0.75rem; font-weight: 700; }
.note { font-size: 0.875rem; color: #475569; }
input[type='number'] { width: 5rem; }
li .row { margin-top: 0.25rem; }
.status { min-height: 1.5rem; margin-top: 0.5rem; font-weight: 600; }
.problem { color: #9f1239; }
.skeleton { padding-bottom: var(--_min, 12rem); border-radius: var(--_r); background: #f1f5f9; }
.skeleton.photo::before { content: ''; display: block; aspect-ratio: 4 / 3; }
ul { list-style: none; margin: 0.75rem 0 0; padding: 0; display: grid; gap: 0.5rem; }
li .item { display: flex; justify-content: space-between; gap: 0.5rem; align-items: center; }
.item .price { margin: 0; font-size: 0.875rem; }
li > .status { min-height: 0; margin: 0; }
`;

let shared: CSSStyleSheet | null = null;
export function widgetSheet(): CSSStyleSheet {
  shared ??= new CSSStyleSheet();
  if (shared.cssRules.length === 0) shared.replaceSync(WIDGET_CSS);
  return shared;
}
