import { MAX_CART_LINES, removeItem, setQuantity } from '../../lib/cart';
import type { StartingPrice } from '../../lib/pricing';

/**
 * The widget's cart, kept on the host site (its own localStorage, first-party there): products and
 * quantities, the event window when the customer chose one. Every element on the page sees each change
 * (an event on window), also one made in another tab of the site; checkout carries it to the booking
 * site in a signed token. Its lines follow the booking site's own cart's rules (src/lib/cart: at most 20
 * products, each 1 to 20, the server's limits), so a cart edited here lands there as it was left.
 */
export interface WidgetCartItem {
  product: string;
  name: string;
  quantity: number;
  /** Its "from" price as the booking site stated it when added; absent in a cart an earlier widget saved. */
  from?: StartingPrice;
}
export interface WidgetCart {
  items: WidgetCartItem[];
  event: { date: string; start: string; end: string } | null;
}

export const CART_EVENT = 'party-embed:cart';

export function widgetCart(base: string) {
  const key = `party-embed-cart:${new URL(base).origin}`;
  const read = (): WidgetCart => {
    try {
      const cart = JSON.parse(localStorage.getItem(key) ?? 'null') as WidgetCart | null;
      return cart && Array.isArray(cart.items) ? cart : { items: [], event: null };
    } catch {
      return { items: [], event: null };
    }
  };
  const write = (cart: WidgetCart) => {
    try {
      localStorage.setItem(key, JSON.stringify(cart));
    } catch {
      // Blocked storage: the cart lives as long as the page (the event still tells the other elements).
    }
    window.dispatchEvent(new CustomEvent(CART_EVENT, { detail: cart }));
    return cart;
  };
  // Another tab of the host site changed the cart (added to it, or checked it out): this page's elements follow.
  window.addEventListener('storage', (e) => e.key === key && window.dispatchEvent(new CustomEvent(CART_EVENT, { detail: read() })));
  return {
    read,
    add(item: Omit<WidgetCartItem, 'quantity'>, event: WidgetCart['event']) {
      const cart = read();
      const line = cart.items.find((i) => i.product === item.product);
      if (!line && cart.items.length < MAX_CART_LINES) cart.items.push({ ...item, quantity: 1 });
      // Added again, a line takes the price just stated: an earlier widget's line gets one, an old one is brought up to date.
      if (line && item.from) line.from = item.from;
      return write({ ...(line ? setQuantity(cart, item.product, line.quantity + 1) : cart), event: event ?? cart.event });
    },
    /**
     * The booking site stated these prices just now (a catalog, a product or a date search answered): the
     * lines of those products take them, so a price changed since a line was added shows without adding it
     * again. Written only when one changed, since every element redraws on a write.
     */
    reprice(stated: readonly { product: string; from: StartingPrice }[]) {
      const cart = read();
      let changed = false;
      for (const line of cart.items) {
        const now = stated.find((s) => s.product === line.product)?.from;
        if (!now || (line.from?.cents === now.cents && line.from?.hours === now.hours)) continue;
        line.from = now;
        changed = true;
      }
      if (changed) write(cart);
    },
    /** A line's quantity as the customer typed it, within the booking site's bounds. */
    setQuantity: (product: string, quantity: number) => write(setQuantity(read(), product, quantity)),
    remove: (product: string) => write(removeItem(read(), product)),
    /** The items stay; the window goes (the booking site refused it), and checkout asks for the date. */
    forgetEvent: () => write({ items: read().items, event: null }),
    clear: () => write({ items: [], event: null }),
  };
}
export type WidgetCartStore = ReturnType<typeof widgetCart>;
