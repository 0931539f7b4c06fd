// The front door of payments seen from Stripe: its webhook, refunds and disputes, and the admin's Stripe
// screen. Server side (I/O): functions, the build and other features' *.server.ts.
export { type BookingRefund, type BookingRefundOptions, refundBooking, refundFromBooking } from './booking-refunds.server';
export { stripeOverview, type StripeOverview } from './stripe-admin.server';
export { applyStripeEvent } from './webhook.server';
export { type BalanceChargeOutcome, chargeBalanceNow, chargeDueBalances } from './auto-charge.server';
