import type { Sql } from '../db/index.server';
import { couponColumns, couponInput, type CouponInput } from './coupons';

export { couponColumns, couponFromRow, couponInput, type CouponInput, type CouponRow } from './coupons';

/** Creates or updates a coupon by code; its usage count is kept. */
export async function saveCoupon(sql: Sql, input: CouponInput): Promise<string> {
  const c = couponInput.parse(input);
  const [row] = await sql<{ id: string }[]>`
    insert into coupons ${sql(couponColumns(c))}
    on conflict (code) do update set
      description = excluded.description, kind = excluded.kind, percent_off = excluded.percent_off,
      amount_off_cents = excluded.amount_off_cents, starts_on = excluded.starts_on, ends_on = excluded.ends_on,
      usage_limit = excluded.usage_limit, minimum_order_cents = excluded.minimum_order_cents, active = excluded.active
    returning id`;
  return row!.id;
}
