// The front door of payments: money staff record and refund, Stripe's webhook, refunds and disputes, balances
// charged automatically and the admin's Stripe screen. Pure and safe in the browser; its I/O is index.server.ts.
export {
  type BookingRefundBody,
  bookingRefundBody,
  type LeftReason,
  leftReasonLabels,
  planBookingRefund,
  type RefundCandidate,
  type RefundPlan,
} from './booking-refunds';
export { paymentListQuery } from './stripe-admin';
export { type DisputeStatus, disputeStatusLabels } from './stripe-changes';
export {
  autoChargeFrom,
  type AutoChargeSettings,
  balanceChargeKey,
  type BalanceChargeStatus,
  balanceChargeStatusLabels,
  balanceToCharge,
  savedCardLabel,
} from './auto-charge';
export { balanceChargeFailedEmail } from './auto-charge-emails';
export { type OfflineMethod, offlinePaymentMethods, paymentBody, paymentKindFor, refundableCents, refundBody } from './recorded-payments';
