import { overwriteOnConflict, type Sql } from '../db/index.server';
import { couponColumns, couponInput, type CouponInput } from './coupons';

export { couponColumns, couponFromRow, couponInput, type CouponInput, type CouponRow } from './coupons';

/** Creates or updates a coupon by code; its usage count is kept. */
export async function saveCoupon(sql: Sql, input: CouponInput): Promise<string> {
  const columns = couponColumns(couponInput.parse(input));
  const [row] = await sql<{ id: string }[]>`
    insert into coupons ${sql(columns)}
    ${overwriteOnConflict(sql, columns, ['code'])}
    returning id`;
  return row!.id;
}
