import type { TrackRequest } from '../../lib/analytics';
import { islandToast } from '../../lib/toast';
import { interpolate } from '../../lib/i18n';
import { nameInLocale } from '../../lib/catalog';
import { useWords, type Words } from '../shared/island-words';
import { addItem, cartStore, isCartFull, MAX_CART_LINES, sameEvent, setEvent, type CartEvent } from './cart-store';

/** What a product page or /at knows about a product: enough for a cart line, never a price rule. */
export interface CartProduct {
  slug: string;
  /** Both stored names (English, and Spanish where written): the cart shows the one of the page it is on. */
  name: string;
  nameEs: string | null;
  image: string;
  /** Only for "from $X for up to N hours" in the cart (src/lib/pricing/price-labels.ts); the price comes from the server. */
  fromPriceCents: number;
  fromPriceHours: number | null;
}

/**
 * Adds a product for an event window. The cart has one window for the whole order: it takes this
 * one when it has none yet; when it already holds other items for a different window, the whole
 * cart moves to this one and the toast says so (the cart then re-checks every item).
 */
export function addToCart(product: CartProduct, quantity: number, event: CartEvent | null, { cart: t, f, link, locale }: Words): boolean {
  const store = cartStore();
  const before = store.get();
  if (isCartFull(before, product.slug)) {
    islandToast.error(t.fullTitle, interpolate(t.fullMessage, { max: MAX_CART_LINES }));
    return false;
  }
  const moved = before.items.length > 0 && before.event !== null && event !== null && !sameEvent(before.event, event);
  store.update((cart) => {
    const withItem = addItem(cart, {
      product: product.slug,
      name: product.name,
      nameEs: product.nameEs,
      image: product.image,
      fromPriceCents: product.fromPriceCents,
      fromPriceHours: product.fromPriceHours,
      quantity,
    });
    return event && !sameEvent(cart.event, event) ? setEvent(withItem, event) : withItem;
  });
  dispatchEvent(new CustomEvent<TrackRequest>('analytics:track', { detail: { name: 'add_to_cart', product: product.slug } }));
  const when = event ?? store.get().event;
  islandToast.success(interpolate(t.added, { quantity, name: nameInLocale(product, locale) }), when ? interpolate(t.addedFor, { when: f.eventWindow(when) }) : undefined, {
    action: { label: t.viewCart, onClick: () => window.location.assign(link('/cart')) },
  });
  if (moved && event) {
    islandToast.warning(t.movedTitle, interpolate(t.movedMessage, { when: f.eventWindow(event) }));
  }
  return true;
}

interface Props {
  product: CartProduct;
  event: CartEvent | null;
  quantity: number;
  disabled?: boolean;
  /** Why the button is disabled, shown to assistive technology through aria-describedby. */
  describedBy?: string | undefined;
  className?: string;
}

/** The "Add to cart" button. */
export default function AddToCart({ product, event, quantity, disabled = false, describedBy, className }: Props) {
  const words = useWords();
  return (
    <button
      type="button"
      // The visible words first, then the product: pages that list several buttons stay unambiguous.
      aria-label={interpolate(words.cart.addLabel, { name: nameInLocale(product, words.locale) })}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() => addToCart(product, quantity, event, words)}
      className={
        className ??
        'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700'
      }
    >
      {words.cart.add}
    </button>
  );
}
