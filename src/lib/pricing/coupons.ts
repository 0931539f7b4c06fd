import { MAX_CENTS, z } from '../validation';
import type { Coupon } from './quote';

// A coupon's fields, its row and the mapping between them (pure): booking reads coupons through these,
// and coupons.server.ts saves them.

// Money and counts at most what their integer columns hold (a larger number was a 500 from PostgreSQL).
const MAX_USES = 1_000_000;

export const couponInput = z
  .object({
    code: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{3,32}$/, '3 to 32 letters, digits or dashes'),
    description: z.string().max(300),
    kind: z.enum(['percent', 'amount']),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOffCents: z.number().int().positive().max(MAX_CENTS, 'That amount is too large').nullable(),
    startsOn: z.iso.date().nullable(),
    endsOn: z.iso.date().nullable(),
    usageLimit: z.number().int().positive().max(MAX_USES, 'At most 1,000,000 uses').nullable(),
    minimumOrderCents: z.number().int().nonnegative().max(MAX_CENTS, 'That amount is too large'),
    active: z.boolean(),
  })
  .refine((c) => (c.kind === 'percent') === (c.percentOff !== null), { message: 'Set the percentage', path: ['percentOff'] })
  .refine((c) => (c.kind === 'amount') === (c.amountOffCents !== null), { message: 'Set the amount', path: ['amountOffCents'] })
  .refine((c) => !c.startsOn || !c.endsOn || c.endsOn >= c.startsOn, { message: 'Ends before it starts', path: ['endsOn'] });
export type CouponInput = z.infer<typeof couponInput>;

/** A coupon's columns as read back (dates as text: `starts_on::text`), whatever else the query selects. */
export interface CouponRow {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  percent_off: number | null;
  amount_off_cents: number | null;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  times_used: number;
  minimum_order_cents: number;
  active: boolean;
}

/** A coupon as pricing reads it, from its row: the reverse of couponColumns. */
export function couponFromRow(r: CouponRow): Coupon & { id: string } {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    percentOff: r.percent_off,
    amountOffCents: r.amount_off_cents,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    usageLimit: r.usage_limit,
    timesUsed: r.times_used,
    minimumOrderCents: r.minimum_order_cents,
    active: r.active,
  };
}

/** The coupons columns of a coupon's fields: one mapping for the seed and for staff edits (usage counts are the database's). */
export function couponColumns(c: CouponInput) {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent_off: c.percentOff,
    amount_off_cents: c.amountOffCents,
    starts_on: c.startsOn,
    ends_on: c.endsOn,
    usage_limit: c.usageLimit,
    minimum_order_cents: c.minimumOrderCents,
    active: c.active,
  };
}
