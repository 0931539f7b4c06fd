/**
 * Page events for first-party analytics, on the first load and after every client-side page swap:
 * a page view everywhere, a product view on /products/{slug}, a checkout start on /checkout with
 * something in the cart; and whatever an island asks for with an 'analytics:track' event (the cart's
 * additions, from AddToCart.tsx).
 */
import { track } from '../lib/analytics';

let first = true;

function pageEvents() {
  const path = location.pathname;
  // The referring site only on arrival; later swaps would all "come from" this site.
  const referrer = first && document.referrer && !document.referrer.startsWith(location.origin) ? new URL(document.referrer).origin : undefined;
  first = false;
  track('page_view', undefined, referrer);
  const product = /^\/products\/([a-z0-9-]+)\/?$/.exec(path)?.[1];
  if (product) track('product_view', product);
  if (path.replace(/\/$/, '') === '/checkout') {
    try {
      if (JSON.parse(localStorage.getItem('pf-cart') ?? '{}').items?.length) track('checkout_start');
    } catch {
      // An unreadable cart is an empty one: the checkout page shows nothing to book.
    }
  }
}

if (document.querySelector('meta[name="astro-view-transitions-enabled"]')) document.addEventListener('astro:page-load', pageEvents);
else pageEvents();

addEventListener('analytics:track', (event) => track(event.detail.name, event.detail.product));
