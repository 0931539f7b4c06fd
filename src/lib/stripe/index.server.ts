// DOOR_HEADER
export { createCheckoutSession } from './checkout.server';
export { stripe, stripeConfigured } from './stripe.server';
