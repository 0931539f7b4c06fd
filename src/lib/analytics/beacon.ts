/**
 * Browser side of first-party analytics (see events.ts): one navigator.sendBeacon per event, no
 * cookies, nothing at all when the browser sends Do Not Track or Global Privacy Control. The
 * anonymous visitor id is a random UUID in localStorage (counts distinct visitors; it names nobody).
 * Kept tiny: it ships on every landing page, inside the site runtime (src/scripts/page-events.ts).
 *
 * Islands do not import this module (that would split it into a file of its own on every page): they
 * dispatch an 'analytics:track' event on window, which page-events.ts sends.
 */
import { EVENTS_API } from '../paths';

export type Name = 'page_view' | 'product_view' | 'add_to_cart' | 'checkout_start';

export type TrackRequest = { name: Name; product?: string };

declare global {
  interface WindowEventMap {
    'analytics:track': CustomEvent<TrackRequest>;
  }
}

const VISITOR_KEY = 'pf-visitor';

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) localStorage.setItem(VISITOR_KEY, (id = crypto.randomUUID()));
    return id;
  } catch {
    return undefined; // Storage or crypto.randomUUID unavailable: count the view without a visitor.
  }
}

export function track(name: Name, product?: string, referrer?: string): void {
  if (optedOut() || !navigator.sendBeacon) return;
  navigator.sendBeacon(EVENTS_API, JSON.stringify({ name, path: location.pathname, product, visitor: visitorId(), referrer }));
}
