// The front door of the Stripe client and Checkout sessions, below both booking and payments. Server side
// (I/O): functions, the build and other features' *.server.ts.
export { createCheckoutSession } from './checkout.server';
export { stripe, stripeConfigured } from './stripe.server';
