import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_PRODUCT_IMAGE } from '../../lib/catalog';
import {
  addItem,
  CART_CHANGE_EVENT,
  CART_STORAGE_KEY,
  createCartStore,
  emptyCart,
  isCartFull,
  itemCount,
  itemName,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  parseCart,
  removeItem,
  restoreItem,
  sameEvent,
  serializeCart,
  setCoupon,
  setEvent,
  setQuantity,
  setZip,
  toPriceRequest,
  type Cart,
  type CartItem,
  type CartStorage,
} from './cart-store';

class FakeStorage implements CartStorage {
  readonly values = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const connectFour: CartItem = {
  product: 'giant-connect-four',
  name: 'Giant Connect Four',
  nameEs: 'Conecta Cuatro Gigante',
  quantity: 1,
  image: '/images/products/giant-connect-four.svg',
  fromPriceCents: 12500,
  fromPriceHours: 8,
};
const popcorn: CartItem = {
  product: 'popcorn-machine',
  name: 'Popcorn Machine',
  nameEs: null,
  quantity: 2,
  image: '/images/products/popcorn-machine.svg',
  fromPriceCents: 5500,
  fromPriceHours: null,
};
const event = { date: '2027-01-02', start: '10:00', end: '16:00' };

function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

describe('cart values', () => {
  it('adds a product, then adds to its quantity instead of a second line', () => {
    const once = addItem(emptyCart, connectFour);
    const twice = addItem(once, { ...connectFour, quantity: 2 });
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]!.quantity).toBe(3);
    expect(itemCount(addItem(twice, popcorn))).toBe(5);
  });

  it('caps a line at the server maximum and never goes below one', () => {
    const cart = addItem(emptyCart, { ...connectFour, quantity: 15 });
    expect(addItem(cart, { ...connectFour, quantity: 15 }).items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setQuantity(cart, connectFour.product, 0).items[0]!.quantity).toBe(1);
    expect(setQuantity(cart, connectFour.product, 4.7).items[0]!.quantity).toBe(4);
  });

  it('refuses a new line when the cart already has the maximum number of products', () => {
    let cart: Cart = emptyCart;
    for (let i = 0; i < MAX_CART_LINES; i++) cart = addItem(cart, { ...connectFour, product: `product-${i}` });
    expect(isCartFull(cart, 'one-more')).toBe(true);
    expect(isCartFull(cart, 'product-3')).toBe(false);
    expect(addItem(cart, { ...connectFour, product: 'one-more' })).toBe(cart);
  });

  it('removes a line and puts it back at the same place', () => {
    const cart = addItem(addItem(emptyCart, connectFour), popcorn);
    const removed = removeItem(cart, connectFour.product);
    expect(removed.items.map((i) => i.product)).toEqual(['popcorn-machine']);
    expect(restoreItem(removed, cart.items[0]!, 0).items.map((i) => i.product)).toEqual([
      'giant-connect-four',
      'popcorn-machine',
    ]);
  });

  it('keeps one event window for the whole cart and ignores a malformed one', () => {
    const cart = setEvent(emptyCart, event);
    expect(cart.event).toEqual(event);
    expect(setEvent(cart, { date: 'soon', start: '10:00', end: '16:00' })).toBe(cart);
    expect(setEvent(cart, { ...event, endDate: '2027-01-02' }).event).toEqual(event);
    expect(sameEvent(event, { ...event, endDate: '2027-01-02' })).toBe(true);
    expect(sameEvent(event, { ...event, end: '17:00' })).toBe(false);
    expect(sameEvent(null, null)).toBe(true);
  });

  it('keeps only digits in the ZIP and upper-cases the coupon', () => {
    expect(setZip(emptyCart, ' 78-664 1').zip).toBe('78664');
    expect(setCoupon(emptyCart, ' welcome10 ').coupon).toBe('WELCOME10');
  });

  it('builds a price request with ids, quantities and dates only, once it can be priced', () => {
    expect(toPriceRequest(addItem(emptyCart, connectFour))).toBeNull();
    const cart = setZip(setEvent(addItem(addItem(emptyCart, connectFour), popcorn), event), '78664');
    expect(toPriceRequest({ ...cart, zip: '786' })).toBeNull();
    expect(toPriceRequest(setCoupon(cart, 'welcome10'))).toEqual({
      items: [
        { product: 'giant-connect-four', quantity: 1 },
        { product: 'popcorn-machine', quantity: 2 },
      ],
      event,
      zip: '78664',
      coupon: 'WELCOME10',
      damageWaiver: true,
    });
    expect(JSON.stringify(toPriceRequest(cart))).not.toContain('12500');
  });
});

describe('parseCart', () => {
  it('round-trips a cart', () => {
    const cart = setZip(setEvent(addItem(emptyCart, connectFour), { ...event, endDate: '2027-01-03' }), '78664');
    expect(parseCart(serializeCart(cart))).toEqual(cart);
  });

  it('turns missing, broken or foreign data into a valid cart', () => {
    expect(parseCart(null)).toEqual(emptyCart);
    expect(parseCart('{not json')).toEqual(emptyCart);
    expect(parseCart('"a string"')).toEqual(emptyCart);
    const cart = parseCart(
      JSON.stringify({
        items: [
          connectFour,
          { ...connectFour, quantity: 3 },
          { product: 'Bad Slug', quantity: 1 },
          { product: 'popcorn-machine', quantity: 99 },
          'x',
        ],
        event: { date: '2027-01-02', start: '25:00', end: '16:00' },
        zip: 'abcde',
        damageWaiver: false,
      }),
    );
    expect(cart.items.map((i) => [i.product, i.quantity])).toEqual([
      ['giant-connect-four', 1],
      ['popcorn-machine', MAX_LINE_QUANTITY],
    ]);
    // An item saved without its picture gets the placeholder that exists, not a guessed address.
    expect(cart.items[1]!.image).toBe(UNKNOWN_PRODUCT_IMAGE);
    expect(cart.event).toBeNull();
    expect(cart.zip).toBe('');
    expect(cart.damageWaiver).toBe(false);
  });

  it('drops a "from" price saved without the length it pays for', () => {
    const { fromPriceHours: _, ...withoutLength } = connectFour;
    const [old] = parseCart(JSON.stringify({ items: [withoutLength] })).items;
    expect(old!.fromPriceCents).toBe(0);
    const [each] = parseCart(JSON.stringify({ items: [popcorn] })).items;
    expect(each).toMatchObject({ fromPriceCents: 5500, fromPriceHours: null });
  });
});

describe('createCartStore', () => {
  it('persists changes and returns the same object until something changes', () => {
    const storage = new FakeStorage();
    const store = createCartStore(storage, new EventTarget());
    const first = store.get();
    expect(store.get()).toBe(first);
    const next = store.update((c) => addItem(c, connectFour));
    expect(store.get()).toBe(next);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!).items[0].product).toBe('giant-connect-four');
    expect(createCartStore(storage, null).get().items).toHaveLength(1);
  });

  it('tells islands on the same page about every change, and nothing when nothing changed', () => {
    const events = new EventTarget();
    const store = createCartStore(new FakeStorage(), events);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const counts: number[] = [];
    events.addEventListener(CART_CHANGE_EVENT, (e) => counts.push((e as CustomEvent<{ count: number }>).detail.count));

    store.update((c) => addItem(c, popcorn));
    store.update((c) => c);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(counts).toEqual([2]);

    unsubscribe();
    store.update((c) => addItem(c, connectFour));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('picks up a change made in another tab', () => {
    const storage = new FakeStorage();
    const window = new EventTarget();
    const store = createCartStore(storage, window);
    const otherTab = createCartStore(storage, new EventTarget());
    const listener = vi.fn();
    store.subscribe(listener);

    otherTab.update((c) => addItem(c, connectFour));
    window.dispatchEvent(storageEvent('some-other-key'));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(storageEvent(CART_STORAGE_KEY));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().items[0]!.product).toBe('giant-connect-four');

    storage.values.clear();
    window.dispatchEvent(storageEvent(null));
    expect(store.get()).toEqual(emptyCart);
  });

  it('removes the key once the cart is back to empty', () => {
    const storage = new FakeStorage();
    const store = createCartStore(storage, null);
    store.update((c) => addItem(c, connectFour));
    store.update((c) => removeItem(c, connectFour.product));
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(store.get()).toEqual(emptyCart);
  });

  it('keeps working in memory when storage refuses writes', () => {
    const storage = new FakeStorage();
    storage.failWrites = true;
    const store = createCartStore(storage, null);
    store.update((c) => addItem(c, connectFour));
    expect(store.get().items).toHaveLength(1);
    store.update((c) => setQuantity(c, connectFour.product, 3));
    expect(store.get().items[0]!.quantity).toBe(3);
  });

  it('works without storage or window at all (server rendering)', () => {
    const store = createCartStore(null, null);
    expect(store.get()).toEqual(emptyCart);
    expect(store.subscribe(() => {})).toBeTypeOf('function');
    store.update((c) => addItem(c, popcorn));
    expect(itemCount(store.get())).toBe(2);
  });
});

describe('an item\'s name on the cart page', () => {
  // Added on the English product page; the cart is now open in Spanish.
  const castle = { product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', nameEs: 'Brincolín Castillo Rosa' };

  it('is the price quote\'s once the cart is priced (the server names each product as it is now)', () => {
    const renamed = [{ product: 'pink-castle-bounce-house', name: 'Castillo Rosa Grande' }];
    expect(itemName(castle, renamed, 'es')).toBe('Castillo Rosa Grande');
  });

  it('is the saved name in the page\'s language until then, or when the quote does not price it', () => {
    expect(itemName(castle, undefined, 'es')).toBe('Brincolín Castillo Rosa');
    expect(itemName(castle, undefined, 'en')).toBe('Pink Castle Bounce House');
    expect(itemName(castle, [{ product: 'popcorn-machine', name: 'Máquina de Palomitas' }], 'es')).toBe('Brincolín Castillo Rosa');
  });

  it('is the English name where no Spanish one is written, and a cart saved before both were kept shows what it saved', () => {
    expect(itemName({ ...castle, nameEs: null }, undefined, 'es')).toBe('Pink Castle Bounce House');
    const saved = parseCart(JSON.stringify({ items: [{ product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', quantity: 1 }] }));
    expect(saved.items[0]).toMatchObject({ name: 'Pink Castle Bounce House', nameEs: null });
    const both = parseCart(JSON.stringify({ items: [{ ...castle, quantity: 1 }] }));
    expect(itemName(both.items[0]!, undefined, 'es')).toBe('Brincolín Castillo Rosa');
  });
});
