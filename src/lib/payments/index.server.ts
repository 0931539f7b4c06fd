// The front door of payments: money staff record and refund, Stripe's webhook, refunds and disputes, balances
// charged automatically and the admin's Stripe screen. Server side (I/O): functions, the build and other features' *.server.ts.
export { type BookingRefund, type BookingRefundOptions, refundBooking, refundFromBooking } from './booking-refunds.server';
export { stripeOverview, type StripeOverview } from './stripe-admin.server';
export { applyStripeEvent } from './webhook.server';
export { type BalanceChargeOutcome, chargeBalanceNow, chargeDueBalances } from './auto-charge.server';
export { type PaymentRule, recordCreditPayment, recordPayment, recordPaymentIn } from './recorded-payments.server';
export { type PaymentRefund, refundPayment, refundPaymentIn, type RefundablePayment, refundsHere } from './payment-refunds.server';
