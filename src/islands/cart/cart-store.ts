import { clampQuantity, findItem, MAX_CART_LINES } from '../../lib/cart';
import type { Locale } from '../../lib/i18n';
import type { PriceRequestInput } from '../../lib/pricing';

// The line rules (limits, a quantity, a removal), shared with the booking widget's cart.
export { findItem, MAX_CART_LINES, MAX_LINE_QUANTITY, removeItem, setQuantity } from '../../lib/cart';

/**
 * The cart lives in the browser (localStorage) until checkout: which products and how many, and
 * one event window and ZIP code for the whole order. It never holds a price the server relies on:
 * `fromPriceCents` is only the "from $X for up to N hours" shown beside an item; every real amount comes from
 * POST /api/quote-price.
 *
 * Pure functions change a Cart value; `createCartStore` persists it and tells every island on the
 * page (a custom event) and other tabs (the `storage` event) that it changed. The header's cart
 * count (SiteHeader.astro) reads the same key with a few lines of inline script.
 */

export const CART_STORAGE_KEY = 'pf-cart';
export const CART_CHANGE_EVENT = 'pf:cart-change';
export interface CartItem {
  product: string;
  /** The product's English name (a cart saved before nameEs: its name on the page it was added from). */
  name: string;
  /** Its Spanish name, where one is written: a line shows in the page's language before the cart is priced. */
  nameEs: string | null;
  quantity: number;
  image: string;
  /** For "from $X for up to N hours" next to the item only; never used to compute a price. 0: not known. */
  fromPriceCents: number;
  /** Hours fromPriceCents covers; null for items priced each. */
  fromPriceHours: number | null;
}

/**
 * An item's name in the page's language: the price quote's once the cart is priced (the server names
 * each product as it is now), else the names saved when it was added, as catalog-locale's nameInLocale
 * picks them (written out: this module is inlined into every page, see parseItem).
 */
export function itemName(item: Pick<CartItem, 'product' | 'name' | 'nameEs'>, priced: readonly { product: string; name: string }[] | undefined, locale: Locale): string {
  return priced?.find((line) => line.product === item.product)?.name ?? (locale === 'es' ? item.nameEs : null) ?? item.name;
}

export interface CartEvent {
  date: string;
  start: string;
  end: string;
  /** Last day of a multi-day rental; absent for a one-day event. */
  endDate?: string;
}

export interface Cart {
  items: CartItem[];
  event: CartEvent | null;
  zip: string;
  coupon: string;
  /** true: the customer takes the damage waiver (the default); false: they decline it. */
  damageWaiver: boolean;
  /** The answers about the setup spot given at checkout (src/lib/site-check): kept so the price shows their lines. */
  site: CartSiteAnswers;
}

/** As the checkout's questions set them; the server's schema (siteAnswers) decides what they mean. */
export type CartSiteAnswers = Partial<Record<(typeof SITE_ANSWER_KEYS)[number], string | number>>;
const SITE_ANSWER_KEYS = ['surface', 'outlet', 'accessInches', 'stairFlights', 'ceilingFt'] as const;

export const emptyCart: Cart = Object.freeze({
  items: [],
  event: null,
  zip: '',
  coupon: '',
  damageWaiver: true,
  site: {},
}) as Cart;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { product, name, nameEs, quantity, image, fromPriceCents, fromPriceHours } = value;
  if (typeof product !== 'string' || !SLUG.test(product)) return null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return null;
  const hours =
    fromPriceHours === null || (typeof fromPriceHours === 'number' && Number.isInteger(fromPriceHours) && fromPriceHours > 0)
      ? fromPriceHours
      : undefined;
  return {
    product,
    name: typeof name === 'string' && name.trim() ? name : product,
    nameEs: typeof nameEs === 'string' && nameEs.trim() ? nameEs : null,
    quantity: clampQuantity(quantity),
    // A cart saved without its picture gets the generic placeholder, an image that exists (catalog-images.ts's
    // UNKNOWN_PRODUCT_IMAGE, checked equal by cart-store.test.ts). Written out, not imported: this module is
    // inlined into every page by the client:cart directive, whose script the Content-Security-Policy pins by hash.
    image: typeof image === 'string' ? image : '/images/placeholders/rental.svg',
    // A cart saved before prices named their length has no fromPriceHours: show no "from" rather than
    // an amount without the length it pays for.
    fromPriceCents:
      typeof fromPriceCents === 'number' && Number.isInteger(fromPriceCents) && fromPriceCents >= 0 && hours !== undefined
        ? fromPriceCents
        : 0,
    fromPriceHours: hours ?? null,
  };
}

function parseEvent(value: unknown): CartEvent | null {
  if (!isRecord(value)) return null;
  const { date, start, end, endDate } = value;
  if (typeof date !== 'string' || !DATE.test(date)) return null;
  if (typeof start !== 'string' || !CLOCK.test(start) || typeof end !== 'string' || !CLOCK.test(end)) return null;
  const event: CartEvent = { date, start, end };
  if (typeof endDate === 'string' && DATE.test(endDate) && endDate !== date) event.endDate = endDate;
  return event;
}

export function parseSite(value: unknown): CartSiteAnswers {
  const site: CartSiteAnswers = {};
  if (!isRecord(value)) return site;
  for (const key of SITE_ANSWER_KEYS) {
    const answer = value[key];
    if ((typeof answer === 'string' && answer.length <= 20) || (typeof answer === 'number' && Number.isFinite(answer))) site[key] = answer;
  }
  return site;
}

/**
 * Whatever is stored (an older version, another site's data, a hand-edited value) becomes a
 * valid cart: unknown or broken parts are dropped rather than breaking the page.
 */
export function parseCart(raw: string | null): Cart {
  if (!raw) return emptyCart;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyCart;
  }
  if (!isRecord(value)) return emptyCart;
  const items: CartItem[] = [];
  for (const candidate of Array.isArray(value['items']) ? value['items'] : []) {
    const item = parseItem(candidate);
    if (item && !items.some((i) => i.product === item.product) && items.length < MAX_CART_LINES) items.push(item);
  }
  const zip = typeof value['zip'] === 'string' && /^\d{0,5}$/.test(value['zip']) ? value['zip'] : '';
  const coupon = typeof value['coupon'] === 'string' ? value['coupon'].slice(0, 32) : '';
  return {
    items,
    event: parseEvent(value['event']),
    zip,
    coupon,
    damageWaiver: value['damageWaiver'] !== false,
    site: parseSite(value['site']),
  };
}

export function serializeCart(cart: Cart): string {
  return JSON.stringify({ v: 1, ...cart });
}

/** True when a new product could not be added because the cart already has the maximum of lines. */
export function isCartFull(cart: Cart, product: string): boolean {
  return !findItem(cart, product) && cart.items.length >= MAX_CART_LINES;
}

/** Adds a product, or more of it when it is already in the cart (capped at the line maximum). */
export function addItem(cart: Cart, item: CartItem): Cart {
  const existing = findItem(cart, item.product);
  if (existing) {
    return {
      ...cart,
      items: cart.items.map((i) =>
        i.product === item.product
          ? {
              ...i,
              name: item.name,
              nameEs: item.nameEs,
              image: item.image,
              fromPriceCents: item.fromPriceCents,
              fromPriceHours: item.fromPriceHours,
              quantity: clampQuantity(i.quantity + item.quantity),
            }
          : i,
      ),
    };
  }
  if (cart.items.length >= MAX_CART_LINES) return cart;
  return { ...cart, items: [...cart.items, { ...item, quantity: clampQuantity(item.quantity) }] };
}

/** Puts a removed line back where it was (the toast's "Undo"). */
export function restoreItem(cart: Cart, item: CartItem, index: number): Cart {
  if (findItem(cart, item.product)) return cart;
  const items = [...cart.items];
  items.splice(Math.min(Math.max(0, index), items.length), 0, item);
  return { ...cart, items: items.slice(0, MAX_CART_LINES) };
}

export function setEvent(cart: Cart, event: CartEvent | null): Cart {
  if (event === null) return { ...cart, event: null };
  const parsed = parseEvent(event);
  return parsed ? { ...cart, event: parsed } : cart;
}

export function sameEvent(a: CartEvent | null, b: CartEvent | null): boolean {
  if (!a || !b) return a === b;
  return a.date === b.date && a.start === b.start && a.end === b.end && (a.endDate ?? a.date) === (b.endDate ?? b.date);
}

export function setZip(cart: Cart, zip: string): Cart {
  return { ...cart, zip: zip.replace(/\D/g, '').slice(0, 5) };
}

export function setCoupon(cart: Cart, coupon: string): Cart {
  return { ...cart, coupon: coupon.trim().toUpperCase().slice(0, 32) };
}

export function setDamageWaiver(cart: Cart, accepted: boolean): Cart {
  return { ...cart, damageWaiver: accepted };
}

/** One answer about the setup spot; undefined takes it back. */
export function setSiteAnswer(cart: Cart, key: keyof CartSiteAnswers, answer: string | number | undefined): Cart {
  const site = { ...cart.site };
  if (answer === undefined) delete site[key];
  else site[key] = answer;
  return { ...cart, site };
}

/** Items shown in the header badge: every unit counts ("2 chairs sets + 1 bounce house" is 3). */
export function itemCount(cart: Cart): number {
  return cart.items.reduce((sum, i) => sum + i.quantity, 0);
}

/**
 * The body for POST /api/quote-price, or null while the cart cannot be priced yet (no items, no
 * event window or no 5-digit ZIP). Only slugs, quantities, dates and codes: never an amount.
 */
export function toPriceRequest(cart: Cart, zip = cart.zip): PriceRequestInput | null {
  if (cart.items.length === 0 || !cart.event || !/^\d{5}$/.test(zip)) return null;
  return {
    items: cart.items.map((i) => ({ product: i.product, quantity: i.quantity })),
    event: {
      date: cart.event.date,
      start: cart.event.start,
      end: cart.event.end,
      ...(cart.event.endDate ? { endDate: cart.event.endDate } : {}),
    },
    zip,
    ...(cart.coupon ? { coupon: cart.coupon } : {}),
    damageWaiver: cart.damageWaiver,
    ...(Object.keys(cart.site).length ? { site: cart.site as PriceRequestInput['site'] } : {}),
  };
}

/** The part of Storage the store uses, so tests can pass a fake and private modes a stub. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CartStore {
  /** The current cart; the same object until something changes (what useSyncExternalStore needs). */
  get(): Cart;
  update(change: (cart: Cart) => Cart): Cart;
  subscribe(listener: () => void): () => void;
}

/**
 * Persists the cart under CART_STORAGE_KEY. When storage is missing or refuses writes (Safari
 * private mode, a full quota) the cart still works for the page's lifetime, in memory.
 */
export function createCartStore(storage: CartStorage | null, events: EventTarget | null): CartStore {
  let memory: string | null = null;
  let lastRaw: string | null | undefined;
  let lastCart: Cart = emptyCart;

  const read = (): string | null => {
    try {
      return storage ? storage.getItem(CART_STORAGE_KEY) : memory;
    } catch {
      return memory;
    }
  };

  const get = (): Cart => {
    const raw = read();
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastCart = parseCart(raw);
    }
    return lastCart;
  };

  const write = (cart: Cart) => {
    const empty = cart.items.length === 0 && !cart.event && !cart.zip && !cart.coupon && cart.damageWaiver;
    const raw = empty ? null : serializeCart(cart);
    memory = raw;
    try {
      if (storage) {
        if (raw === null) storage.removeItem(CART_STORAGE_KEY);
        else storage.setItem(CART_STORAGE_KEY, raw);
      }
    } catch {
      storage = null;
    }
    lastRaw = raw;
    lastCart = raw === null ? emptyCart : cart;
  };

  return {
    get,
    update(change) {
      const before = get();
      const next = change(before);
      if (next !== before) {
        write(next);
        events?.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT, { detail: { count: itemCount(next) } }));
      }
      return get();
    },
    subscribe(listener) {
      if (!events) return () => {};
      const onStorage = (event: Event) => {
        const key = (event as StorageEvent).key;
        // key null: another tab cleared all of localStorage.
        if (key === CART_STORAGE_KEY || key === null) listener();
      };
      events.addEventListener(CART_CHANGE_EVENT, listener);
      events.addEventListener('storage', onStorage);
      return () => {
        events.removeEventListener(CART_CHANGE_EVENT, listener);
        events.removeEventListener('storage', onStorage);
      };
    },
  };
}

let browserStore: CartStore | undefined;

/** The page's cart store (one per page, shared by every island on it). */
export function cartStore(): CartStore {
  if (browserStore) return browserStore;
  if (typeof window === 'undefined') return createCartStore(null, null);
  let storage: CartStorage | null;
  try {
    storage = window.localStorage;
  } catch {
    // Blocked storage (some privacy settings) throws on access: keep the cart in memory.
    storage = null;
  }
  browserStore = createCartStore(storage, window);
  return browserStore;
}
