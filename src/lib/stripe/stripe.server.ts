import Stripe from 'stripe';
import { env } from '../config';

let client: Stripe | undefined;

/** Whether online deposits are on: a secret key is configured. */
export function stripeConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/** The real Stripe SDK; STRIPE_API_BASE points it at a local double in tests. */
export function stripe(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is not set)');
  if (!client) {
    const base = env().STRIPE_API_BASE ? new URL(env().STRIPE_API_BASE!) : null;
    client = new Stripe(key, {
      timeout: env().STRIPE_TIMEOUT_MS,
      maxNetworkRetries: 1,
      ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }
  return client;
}

/** For tests that change the Stripe configuration between cases. */
export function resetStripeClient(): void {
  client = undefined;
}
