// DOOR_HEADER
export { createCheckoutSession } from './checkout.server';
export { stripeOverview } from './stripe-admin.server';
export { stripe, stripeConfigured } from './stripe.server';
export { applyStripeEvent } from './webhook.server';
