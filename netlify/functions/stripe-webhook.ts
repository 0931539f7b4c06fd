import type { Config } from '@netlify/functions';
import { syncAfterChanges } from '../../src/lib/accounting/index.server';
import { notifyBooking } from '../../src/lib/booking/index.server';
import { sendQueuedMail } from '../../src/lib/email/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { AppError, handler, readText } from '../../src/lib/http';
import { stripe, stripeConfigured } from '../../src/lib/stripe/index.server';
import { applyStripeEvent } from '../../src/lib/payments/index.server';

/** Stripe's signed events are the only thing that confirms a paid booking; never the success redirect. */
export default syncAfterChanges(handler(['POST'], async (req) => {
  if (!stripeConfigured()) throw new AppError('not_found', 'Stripe is not configured.');
  const signature = req.headers.get('stripe-signature');
  if (!signature) throw new AppError('validation', 'Missing Stripe-Signature header.');
  // The signature covers the exact bytes: read the raw text, never re-serialised JSON.
  const payload = await readText(req, 1024 * 1024);
  let event;
  try {
    event = stripe().webhooks.constructEvent(payload, signature, env().STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw new AppError('validation', 'Invalid Stripe signature.');
  }
  const now = new Date();
  const result = await applyStripeEvent(db(), event, now);
  for (const bookingId of result.confirmed) await notifyBooking(db(), bookingId, now);
  if (result.receipts.length) await sendQueuedMail(db(), now, { only: result.receipts });
  return Response.json({ received: true, outcome: result.outcome });
}));

export const config: Config = { path: '/api/stripe-webhook' };
