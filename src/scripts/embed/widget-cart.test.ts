import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../lib/cart';
import { CART_EVENT, widgetCart, type WidgetCart } from './widget-cart';

/** The host page's storage and window, as the widget sees them on the owner's site. */
function hostPage() {
  const values = new Map<string, string>();
  const events = new EventTarget();
  const seen: WidgetCart[] = [];
  events.addEventListener(CART_EVENT, (e) => seen.push((e as CustomEvent<WidgetCart>).detail));
  vi.stubGlobal('localStorage', { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) });
  vi.stubGlobal('window', events);
  return { values, seen };
}

const castle = { product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House' };
const game = { product: 'giant-connect-four', name: 'Giant Connect Four' };
const event = { date: '2027-03-13', start: '10:00', end: '16:00' };

describe('the widget’s cart on the host site', () => {
  let page: ReturnType<typeof hostPage>;
  beforeEach(() => (page = hostPage()));
  afterEach(() => vi.unstubAllGlobals());

  const quantities = (cart: WidgetCart) => Object.fromEntries(cart.items.map((i) => [i.product, i.quantity]));

  it.each([
    ['a number typed', 3, 3],
    ['more than the booking site takes', 50, MAX_LINE_QUANTITY],
    ['none', 0, 1],
    ['a part of one', 2.6, 2],
    ['no number at all (an emptied field)', Number.NaN, 1],
  ])('keeps a line’s quantity within the booking site’s bounds: %s', (_, typed, kept) => {
    const cart = widgetCart('https://book.example.com');
    cart.add(castle, event);
    cart.add(game, null);
    expect(quantities(cart.setQuantity(castle.product, typed))).toEqual({ [castle.product]: kept, [game.product]: 1 });
    expect(cart.read().event).toEqual(event);
  });

  it('removes a line, keeps the rest and the party’s window, and tells the page’s elements', () => {
    const cart = widgetCart('https://book.example.com');
    cart.add(castle, event);
    cart.add(game, null);
    cart.remove(castle.product);
    expect(cart.read()).toEqual({ items: [{ ...game, quantity: 1 }], event });
    expect(page.seen.at(-1)).toEqual(cart.read());
    // Stored for the host site's other tabs (each follows the storage event).
    expect(JSON.parse(page.values.get('party-embed-cart:https://book.example.com')!)).toEqual(cart.read());
  });

  it('keeps each line’s price as stated, and gives a line an earlier widget saved without one the price when added again', () => {
    const cart = widgetCart('https://book.example.com');
    page.values.set('party-embed-cart:https://book.example.com', JSON.stringify({ items: [{ ...castle, quantity: 1 }], event: null }));
    cart.add({ ...game, from: { cents: 9500, hours: 4 } }, null);
    expect(cart.read().items).toEqual([{ ...castle, quantity: 1 }, { ...game, quantity: 1, from: { cents: 9500, hours: 4 } }]);
    cart.add({ ...castle, from: { cents: 15000, hours: 4 } }, null);
    expect(cart.setQuantity(game.product, 3).items).toEqual([
      { ...castle, quantity: 2, from: { cents: 15000, hours: 4 } },
      { ...game, quantity: 3, from: { cents: 9500, hours: 4 } },
    ]);
  });

  it('takes the prices the booking site states later for the lines it holds, and tells the page only when one changed', () => {
    const cart = widgetCart('https://book.example.com');
    cart.add({ ...castle, from: { cents: 15000, hours: 4 } }, event);
    cart.setQuantity(castle.product, 2);
    cart.add(game, null);
    const told = page.seen.length;
    cart.reprice([{ product: castle.product, from: { cents: 15000, hours: 4 } }, { product: 'water-slide', from: { cents: 20000, hours: null } }]);
    expect(page.seen).toHaveLength(told);
    cart.reprice([{ product: castle.product, from: { cents: 17500, hours: 6 } }, { product: game.product, from: { cents: 9500, hours: null } }]);
    expect(cart.read()).toEqual({
      items: [
        { ...castle, quantity: 2, from: { cents: 17500, hours: 6 } },
        { ...game, quantity: 1, from: { cents: 9500, hours: null } },
      ],
      event,
    });
    expect(page.seen.at(-1)).toEqual(cart.read());
  });

  it('changes nothing for a product not in the cart', () => {
    const cart = widgetCart('https://book.example.com');
    cart.add(game, null);
    expect(cart.setQuantity(castle.product, 4).items).toEqual([{ ...game, quantity: 1 }]);
    expect(cart.remove(castle.product).items).toEqual([{ ...game, quantity: 1 }]);
  });
});
