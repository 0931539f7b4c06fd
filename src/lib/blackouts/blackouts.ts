import { z } from '../validation';
import { DATE_YEARS_MESSAGE, daysBetween, isInDateYears, isIsoDate } from '../time';
import { listQuery } from '../lists';

/**
 * Blackouts close dates (inclusive, business-local) for the whole business, one category or one
 * product. Availability reads them live, so a new blackout shows in the public availability API
 * at once; static pages show no availability, so nothing needs rebuilding.
 */

export const blackoutScopes = ['business', 'category', 'product'] as const;
export type BlackoutScope = (typeof blackoutScopes)[number];
export const blackoutScopeLabels: Record<BlackoutScope, string> = { business: 'Whole business', category: 'Category', product: 'Product' };

/** A blackout longer than this is almost certainly a typo in the year. */
export const MAX_BLACKOUT_DAYS = 366;

const date = (what: string) => z.string({ error: `Choose the ${what}` }).refine(isIsoDate, `Choose the ${what}`).refine(isInDateYears, DATE_YEARS_MESSAGE);
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.uuid(message).nullable());

export const blackoutInput = z
  .object({
    scope: z.enum(blackoutScopes, { error: 'Choose what is closed: the whole business, a category or a product' }),
    categoryId: optionalId('Choose a category'),
    productId: optionalId('Choose a product'),
    startsOn: date('first day'),
    endsOn: date('last day'),
    reason: z.string().trim().max(200, 'Keep the reason under 200 characters').default(''),
  })
  .superRefine((b, ctx) => {
    if (b.scope === 'category' && !b.categoryId) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'Choose a category' });
    if (b.scope === 'product' && !b.productId) ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Choose a product' });
    if (isIsoDate(b.startsOn) && isIsoDate(b.endsOn)) {
      if (b.endsOn < b.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The last day cannot be before the first day' });
      else if (daysBetween(b.startsOn, b.endsOn) >= MAX_BLACKOUT_DAYS)
        ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `A blackout can last at most ${MAX_BLACKOUT_DAYS} days` });
    }
  })
  // Only the target of the chosen scope is kept, as the table's checks require.
  .transform((b) => ({
    ...b,
    categoryId: b.scope === 'category' ? b.categoryId : null,
    productId: b.scope === 'product' ? b.productId : null,
  }));
export type BlackoutInput = z.infer<typeof blackoutInput>;

export const blackoutSorts = ['startsOn', 'endsOn', 'scope', 'createdAt'] as const;
export const blackoutListQuery = listQuery(blackoutSorts, 'startsOn').extend({
  scope: z.union([z.enum(blackoutScopes, { error: 'Filter by business, category or product' }), z.literal('')]).default(''),
  when: z.enum(['upcoming', 'past', 'all'], { error: 'Show upcoming, past or all blackouts' }).default('upcoming'),
});
export type BlackoutListQuery = z.infer<typeof blackoutListQuery>;

export interface BlackoutDto {
  id: string;
  scope: BlackoutScope;
  categoryId: string | null;
  productId: string | null;
  /** The category's or product's name; null for the whole business. */
  targetName: string | null;
  startsOn: string;
  endsOn: string;
  reason: string;
  createdAt: string;
  /** Bookings (not cancelled) that fall on these dates and this scope: staff must call those customers. */
  bookingsAffected: number;
}

export interface BlackoutTargets {
  categories: { id: string; name: string }[];
  products: { id: string; name: string; categoryName: string }[];
}
