import { EMBED_ELEMENTS, EMBED_PREFIX } from '../../lib/embed';
import { widgetApi } from './widget-api';
import { widgetCart } from './widget-cart';
import { PartyCart, PartyCatalog, PartyDateSearch, PartyProduct, useWidget } from './elements';

/**
 * The booking widget (issue #39), loaded by /embed.js on the owner's other website. It reads its own
 * address for the booking site's (everything it asks goes there) and the loader's `data-prefix` for
 * the elements' names (`party-product` by default; another prefix avoids a clash with the host page).
 */
const base = new URL(import.meta.url).origin;
const loader = document.querySelector<HTMLScriptElement>('script[data-party-embed]');
const prefix = EMBED_PREFIX.test(loader?.dataset['prefix'] ?? '') ? loader!.dataset['prefix']! : 'party';

const api = widgetApi(base);
const ready = api.config().then((answer) => {
  if (answer.ok && answer.data.allowed) return { allowed: true, reached: true, theme: answer.data.theme, spanish: answer.data.spanish, currency: answer.data.currency };
  // Only the site's own answer says this site is not listed: a failed request (the visitor's network, the
  // booking site down) is said as such, not as a setting for the owner to change.
  if (answer.ok) console.warn(`This site is not set up to show bookings. Add ${location.origin} to the booking site's Settings → Add to your website.`);
  // The site's own answer did not come: whether it offers Spanish is unknown, so a Spanish page says so in Spanish.
  return { allowed: false, reached: answer.ok, theme: { brand: '#334155', radius: '0.75rem', font: 'inherit' }, spanish: !answer.ok || answer.data.spanish, currency: 'usd' };
});
useWidget({ api, cart: widgetCart(base), ready });

// By the loader's list of names (EMBED_ELEMENTS), which it waits for before loading this module: one list for both.
const elements: Record<(typeof EMBED_ELEMENTS)[number], CustomElementConstructor> = {
  product: PartyProduct,
  catalog: PartyCatalog,
  'date-search': PartyDateSearch,
  cart: PartyCart,
};
for (const name of EMBED_ELEMENTS) if (!customElements.get(`${prefix}-${name}`)) customElements.define(`${prefix}-${name}`, elements[name]);
