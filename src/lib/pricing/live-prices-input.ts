import { z } from '../validation';
import { eventWindowInput, type EventWindowInput } from '../time';

/** More than the catalog lists on one page (the quote form asks for every rental at once). */
export const MAX_LIVE_PRICE_PRODUCTS = 100;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * GET /api/prices?products=a,b[&date&start&end[&endDate]]: the products' live prices, and with a
 * window also what one unit costs for it. The window is all or nothing, checked like a cart's.
 */
export const livePricesQuery = z
  .object({
    products: z
      .string({ error: 'List the products' })
      .transform((list) => [...new Set(list.split(','))])
      .pipe(
        z
          .array(z.string().regex(SLUG, 'Unknown product'))
          .min(1, 'List the products')
          .max(MAX_LIVE_PRICE_PRODUCTS, `Ask for at most ${MAX_LIVE_PRICE_PRODUCTS} products at once`),
      ),
    date: z.string().optional(),
    start: z.string().optional(),
    end: z.string().optional(),
    endDate: z.string().optional(),
  })
  .transform(({ products, ...window }, ctx): { products: string[]; event: EventWindowInput | null } => {
    if (Object.values(window).every((value) => value === undefined)) return { products, event: null };
    const event = eventWindowInput.safeParse(window);
    if (event.success) return { products, event: event.data };
    for (const issue of event.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export type LivePricesQuery = z.infer<typeof livePricesQuery>;
