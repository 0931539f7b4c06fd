import { startStripeDouble } from './stripe-double';

/** The Stripe double as a process of its own, for the end-to-end tests' web servers. */
const port = Number(process.env.STRIPE_DOUBLE_PORT ?? 12111);
const site = process.env.SITE_URL ?? 'http://localhost:4329';
const double = await startStripeDouble({
  port,
  webhookUrl: `${site}/api/stripe-webhook`,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
});
console.log(`Stripe double listening on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
