// The front door of prices: quotes, adjustments, coupons, and price labels. Server side (I/O):
// functions, the build and other features' *.server.ts.
export type { CouponInput } from './coupons.server';
export { saveCoupon } from './coupons.server';
