import { describe, expect, it, vi } from 'vitest';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from '../islands/cart/cart-store';
import { cartHasItems, startCartIsland, type CartIslandHost } from './cart-directive';

const item = { product: 'popcorn-machine', name: 'Popcorn Machine', quantity: 1, image: '/p.svg', fromPriceCents: 5500, fromPriceHours: null };
const withItems = JSON.stringify({ items: [item], event: null, zip: '', coupon: '', damageWaiver: true });
const emptyItems = JSON.stringify({ items: [], event: { date: '2027-01-02', start: '10:00', end: '16:00' } });

function host(stored: string | null) {
  let raw = stored;
  const hydrate = vi.fn(async () => {});
  const events = new EventTarget();
  const h = {
    load: vi.fn(async () => hydrate),
    island: { isConnected: true as boolean, style: { display: '' } },
    fallback: { hidden: true as HTMLElement['hidden'] },
    readCart: () => raw,
    events,
  } satisfies CartIslandHost;
  const storage = (key: string | null) => Object.assign(new Event('storage'), { key });
  return { h, hydrate, events, setCart: (next: string | null) => (raw = next), storage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The island was loaded and hydrated once, and shows in place of the stand-in. */
function expectHydratedOnce({ h, hydrate }: Pick<ReturnType<typeof host>, 'h' | 'hydrate'>) {
  expect(h.load).toHaveBeenCalledOnce();
  expect(hydrate).toHaveBeenCalledOnce();
  expect(h.fallback.hidden).toBe(true);
  expect(h.island.style.display).toBe('');
}

describe('client:cart', () => {
  it('reads the cart the way the island does', () => {
    expect(cartHasItems(withItems)).toBe(true);
    expect(cartHasItems(emptyItems)).toBe(false);
    expect(cartHasItems(null)).toBe(false);
    expect(cartHasItems('{not json')).toBe(false);
    // Items the island would drop (a bad slug) do not count.
    expect(cartHasItems(JSON.stringify({ items: [{ product: 'Not A Slug!', quantity: 1 }] }))).toBe(false);
  });

  it('hydrates at once when the cart has items, and leaves the stand-in hidden', async () => {
    const { h, hydrate } = host(withItems);
    startCartIsland(h);
    await settle();
    expectHydratedOnce({ h, hydrate });
  });

  it('loads nothing for an empty cart and shows the stand-in instead of the island', async () => {
    const { h } = host(null);
    startCartIsland(h);
    await settle();
    expect(h.load).not.toHaveBeenCalled();
    expect(h.fallback.hidden).toBe(false);
    expect(h.island.style.display).toBe('none');
  });

  it('hydrates once when the cart fills later, in this page or another tab', async () => {
    const { h, hydrate, events, setCart, storage } = host(emptyItems);
    startCartIsland(h);
    events.dispatchEvent(storage('someone-else'));
    events.dispatchEvent(new Event(CART_CHANGE_EVENT)); // still empty
    await settle();
    expect(h.load).not.toHaveBeenCalled();

    setCart(withItems);
    events.dispatchEvent(storage('unrelated-key'));
    await settle();
    expect(h.load).not.toHaveBeenCalled();
    events.dispatchEvent(storage(CART_STORAGE_KEY));
    events.dispatchEvent(new Event(CART_CHANGE_EVENT));
    await settle();
    expectHydratedOnce({ h, hydrate });
  });

  it('stops listening once its page is gone (view transitions)', async () => {
    const { h, events, setCart } = host(null);
    startCartIsland(h);
    h.island.isConnected = false;
    setCart(withItems);
    events.dispatchEvent(new Event(CART_CHANGE_EVENT));
    h.island.isConnected = true; // even were it to come back, the listener is gone
    events.dispatchEvent(new Event(CART_CHANGE_EVENT));
    await settle();
    expect(h.load).not.toHaveBeenCalled();
  });
});
