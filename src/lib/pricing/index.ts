// The front door of prices: quotes, adjustments, coupons, price labels and live prices. Pure and safe in the
// browser; its I/O is index.server.ts.
export { adjustmentInput, adjustmentsInput } from './adjustment-input';
export { adjustmentLabel, adjustmentPriceLine, signedMoney } from './adjustments';
export { couponColumns, couponFromRow, couponInput, type CouponInput, type CouponRow } from './coupons';
export { livePricesQuery, type LivePricesQuery } from './live-prices-input';
export { priceRequest, type PriceRequest, type PriceRequestInput } from './price-input';
export {
  chargedPriceLabel,
  ENGLISH_PRICE_WORDS,
  livePriceLabel,
  lowestStartingPrice,
  priceLength,
  type PriceRule,
  priceWordsOf,
  priceListFigures,
  startingPrice,
  type StartingPrice,
  startingPriceHeadline,
  startingPriceLabel,
  type StartingPriceWords,
  type PriceListFigures,
  type PriceWords,
} from './price-labels';
export { priceLineDetail, priceRuleDescription } from './price-line-words';
export {
  type Adjustment,
  type Coupon,
  customerCouponError,
  HALF_DAY_HOURS,
  priceBooking,
  type PricedAdjustment,
  type PricedProduct,
  type PriceLine,
  type PriceResult,
  type PricingArea,
  type PricingSettings,
  toPricingSettings,
  UNKNOWN_COUPON_MESSAGE,
} from './quote';
export { livePrice, type LivePrice, type LivePrices } from './live-prices';
