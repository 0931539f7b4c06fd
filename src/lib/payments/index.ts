// DOOR_HEADER
export { paymentListQuery } from './stripe-admin';
export { type DisputeStatus, disputeStatusLabels } from './stripe-changes';
