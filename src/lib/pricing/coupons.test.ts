import { describe, expect, it } from 'vitest';
import { couponInput } from './coupons';

const coupon = {
  code: 'SUMMER25',
  description: '$25 off orders of $250 or more',
  kind: 'amount',
  percentOff: null,
  amountOffCents: 2500,
  startsOn: null,
  endsOn: null,
  usageLimit: 200,
  minimumOrderCents: 25_000,
  active: true,
};

const fieldErrors = (input: object) => couponInput.safeParse(input).error?.flatten().fieldErrors;

describe('a coupon as staff save it', () => {
  it('takes what its columns hold, and refuses at the field what they cannot (a 500 from the database before)', () => {
    expect(couponInput.safeParse(coupon).success).toBe(true);
    expect(fieldErrors({ ...coupon, minimumOrderCents: 2_147_483_648 })).toEqual({ minimumOrderCents: ['That amount is too large'] });
    expect(fieldErrors({ ...coupon, amountOffCents: 2_147_483_648 })).toEqual({ amountOffCents: ['That amount is too large'] });
    expect(fieldErrors({ ...coupon, usageLimit: 2_147_483_648 })).toEqual({ usageLimit: ['At most 1,000,000 uses'] });
  });
});
