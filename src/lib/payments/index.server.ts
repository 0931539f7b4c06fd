// DOOR_HEADER
export { stripeOverview } from './stripe-admin.server';
export { applyStripeEvent } from './webhook.server';
