import { z } from '../validation';
import { eventWindowInput } from '../time';
import { siteAnswers } from '../site-check';

export const MAX_ITEMS = 20;
export const MAX_QUANTITY = 20;

const item = z.object({
  product: z.string({ error: 'Choose a product' }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a product'),
  quantity: z
    .number({ error: `Choose a quantity from 1 to ${MAX_QUANTITY}` })
    .int(`Choose a quantity from 1 to ${MAX_QUANTITY}`)
    .min(1, `Choose a quantity from 1 to ${MAX_QUANTITY}`)
    .max(MAX_QUANTITY, `Choose a quantity from 1 to ${MAX_QUANTITY}`),
});

// A form that leaves the box empty sends '' rather than omitting the field; both mean "no coupon".
const coupon = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,32}$/, 'Coupon codes are 3 to 32 letters, digits or dashes')
    .optional(),
);

/**
 * The public price request. Objects keep zod's default strip mode: unknown fields (a tampered
 * `totalCents`, `unitPriceCents`, ...) are dropped silently, so nothing priced by the browser can
 * reach the pricing code, and older or newer clients that send extra fields still work.
 */
export const priceRequest = z.object({
  items: z
    .array(item, { error: 'Choose at least one product' })
    .min(1, 'Choose at least one product')
    .max(MAX_ITEMS, `A booking can have at most ${MAX_ITEMS} products`)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((it, index) => {
        if (seen.has(it.product)) {
          ctx.addIssue({ code: 'custom', path: [index, 'product'], message: 'Each product can appear only once' });
        }
        seen.add(it.product);
      });
    }),
  event: eventWindowInput,
  zip: z
    .string({ error: 'Enter a 5-digit ZIP code' })
    .trim()
    .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code'),
  coupon,
  damageWaiver: z.boolean().default(true),
  /** The customer's answers about the setup spot (src/lib/site-check): what the cart's products need of it. */
  site: siteAnswers.optional(),
});

export type PriceRequest = z.infer<typeof priceRequest>;
export type PriceRequestInput = z.input<typeof priceRequest>;
