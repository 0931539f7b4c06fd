import { z } from '../validation';
import { productSlug } from '../forms';
import { priceRequest } from '../pricing';
import { eventWindowInput } from '../time';

/**
 * The booking widget's requests (issue #39). A host page's cart cannot be shared with the booking site
 * through storage or cookies (browsers partition or block them for another site), so it travels to
 * checkout in a signed token: the widget asks for one with its cart, the checkout redeems it once.
 */

/** How long a cart token may wait between "Check out" on the host page and the checkout opening. */
export const CART_TOKEN_MINUTES = 30;

/** POST /api/embed/cart-token: the widget's cart; the window and ZIP when the customer gave them. */
export const embedCartRequest = priceRequest.pick({ items: true }).extend({
  event: eventWindowInput.optional(),
  zip: z.string().trim().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code').optional(),
});
export type EmbedCartRequest = z.infer<typeof embedCartRequest>;

/** POST /api/embed/cart: the checkout redeems the token it was opened with. */
export const embedCartRedeem = z.object({ token: z.string({ error: 'The cart link is missing' }).trim().min(1, 'The cart link is missing').max(4000, 'The cart link is not one of ours') });

/** GET /api/embed/products: the products one element shows, by slug or by category. */
export const embedProductsQuery = z
  .object({
    product: productSlug.optional(),
    category: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a category').optional(),
  })
  .refine((q) => (q.product === undefined) !== (q.category === undefined), { path: ['product'], message: 'Name one product or one category' });
export type EmbedProductsQuery = z.infer<typeof embedProductsQuery>;

/** A product as an element shows it: every address absolute, since the page showing it is another site's. */
export interface EmbedProduct {
  slug: string;
  name: string;
  url: string;
  image: string | null;
  imageAlt: string;
  /** "From $150 for up to 4 hours". */
  fromLabel: string;
  fromPriceCents: number;
  fromPriceHours: number | null;
}

/** The cart the checkout lands with, and where the booking came from. */
export interface RedeemedCart {
  cart: { items: { product: string; name: string; nameEs: string | null; quantity: number; image: string; fromPriceCents: number; fromPriceHours: number | null }[]; event: EmbedCartRequest['event'] | null; zip: string };
  /** The token's id: the booking names it so the analytics count the host site; the host page's thank-you address. */
  via: { id: string; origin: string; thankYouUrl: string | null };
}

/** GET /api/embed/config: whether this host page's site is listed, and the owner's look. */
export interface EmbedConfig {
  allowed: boolean;
  businessName: string;
  theme: { brand: string; radius: string; font: string };
  checkoutUrl: string;
  /** Whether the business offers Spanish: an element on a Spanish page then speaks it. */
  spanish: boolean;
  /** The prices' currency ('usd'): the cart writes its lines' prices and total in it. */
  currency: string;
}
