import type { ClientDirective } from 'astro';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY, parseCart } from '../islands/cart/cart-store';

/**
 * `client:cart="#selector"`: hydrate an island only when the browser's cart has something in it.
 *
 * Checkout needs React, the form library and the price code only to show a cart; with an empty cart the
 * page is a note and a link. Loading React for that note was most of the page's script and its one long
 * task (Lighthouse: TBT 810 ms on a busy machine), so for an empty cart the directive loads nothing and
 * reveals the plain-HTML note the page rendered at build time (the element `selector` names, placed
 * before the island so it is parsed first). A cart that fills later (another tab, another island) hydrates
 * the island then. With items the island hydrates at once, exactly as `client:load`: the customer needs
 * the summary and the price straight away. The island stays the authority: whatever it renders after
 * hydration wins, so an odd stored cart can at worst load the island needlessly, never hide it.
 *
 * Registered by src/integrations/cart-directive.ts. Astro inlines the bundled directive in the page, so
 * its hash is in INLINE_SCRIPT_HASHES (the build names the new hash when this file changes).
 */

declare module 'astro' {
  interface AstroClientDirectives {
    /** CSS selector of the plain-HTML stand-in shown while the cart is empty. */
    'client:cart'?: string;
  }
}

/** What the directive needs from the page: injected so the logic can be tested without a browser. */
export interface CartIslandHost {
  /** Astro's loader for the island's code; its result hydrates. */
  load: () => Promise<() => Promise<void>>;
  island: { isConnected: boolean; style: { display: string } };
  /** The stand-in shown while the cart is empty (null: none on the page). */
  fallback: Pick<HTMLElement, 'hidden'> | null;
  /** The stored cart, or null (nothing stored, or storage blocked). */
  readCart: () => string | null;
  /** Where CART_CHANGE_EVENT and `storage` events arrive (the window). */
  events: EventTarget;
}

/** True when the cart as the island will read it has at least one item. */
export const cartHasItems = (raw: string | null): boolean => parseCart(raw).items.length > 0;

/** Hydrates now when the cart has items; otherwise shows the stand-in until the cart gets some. */
export function startCartIsland(host: CartIslandHost): void {
  const { island, fallback, events } = host;
  let started = false;
  const onChange = (event: Event) => {
    // A page left through view transitions keeps no listener alive.
    if (!island.isConnected) return stopWatching();
    const key = event.type === 'storage' ? (event as StorageEvent).key : CART_STORAGE_KEY;
    if ((key === CART_STORAGE_KEY || key === null) && cartHasItems(host.readCart())) void hydrate();
  };
  const stopWatching = () => {
    events.removeEventListener(CART_CHANGE_EVENT, onChange);
    events.removeEventListener('storage', onChange);
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    stopWatching();
    const run = await host.load();
    // Swap only once the code is here, so the note does not give way to an empty box while it loads.
    if (fallback) fallback.hidden = true;
    island.style.display = '';
    await run();
  };

  if (cartHasItems(host.readCart())) {
    void hydrate();
    return;
  }
  island.style.display = 'none'; // its server HTML is "Loading your order…", which would never change
  if (fallback) fallback.hidden = false;
  events.addEventListener(CART_CHANGE_EVENT, onChange);
  events.addEventListener('storage', onChange);
}

const cartDirective: ClientDirective = (load, options, el) => {
  const selector = typeof options.value === 'string' ? options.value : '';
  startCartIsland({
    load,
    island: el,
    fallback: selector ? document.querySelector<HTMLElement>(selector) : null,
    readCart: () => {
      try {
        return localStorage.getItem(CART_STORAGE_KEY);
      } catch {
        return null; // blocked storage: the island's cart starts empty too (it keeps it in memory)
      }
    },
    events: window,
  });
};

export default cartDirective;
