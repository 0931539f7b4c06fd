// The front door of prices: quotes, adjustments, coupons, price labels and live prices. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { livePrices } from './live-prices.server';
export type { CouponInput } from './coupons.server';
