/**
 * The rules of a cart's lines, one cart or another: the booking site's (src/islands/cart/cart-store.ts)
 * and the booking widget's on an owner's own website (src/scripts/embed/widget-cart.ts), so a cart edited
 * in the widget lands on the site as it was left. A module of its own, with no imports: the site's cart
 * is inlined into every page by the client:cart directive, whose script the Content-Security-Policy pins
 * by hash, and the widget's script should not move that hash when the site's cart changes.
 */

/** The server's limits (src/lib/pricing/price-input.ts); repeated here to keep zod out of the cart. */
export const MAX_CART_LINES = 20;
export const MAX_LINE_QUANTITY = 20;

/** A line's quantity within the server's bounds: a whole number from 1 to MAX_LINE_QUANTITY. */
export const clampQuantity = (n: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(n)));

/** What a line's quantity and removal need of a cart: the site's, or the widget's on the owner's other site. */
export type Lines = { items: { product: string; quantity: number }[] };

export function findItem<I extends { product: string }>(cart: { items: I[] }, product: string): I | undefined {
  return cart.items.find((i) => i.product === product);
}

/** The line's quantity, within clampQuantity's bounds; a cart without the line, or a quantity that is no number, stays as it was. */
export function setQuantity<C extends Lines>(cart: C, product: string, quantity: number): C {
  if (!findItem(cart, product) || !Number.isFinite(quantity)) return cart;
  return {
    ...cart,
    items: cart.items.map((i) => (i.product === product ? { ...i, quantity: clampQuantity(quantity) } : i)),
  };
}

export function removeItem<C extends Lines>(cart: C, product: string): C {
  return { ...cart, items: cart.items.filter((i) => i.product !== product) };
}
