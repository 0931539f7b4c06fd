import { z } from '../validation';
import { listQuery } from '../lists';

/** Test or live, read from the secret key's prefix (sk_test_…, rk_live_…); the key itself never leaves the server. */
export function stripeMode(secretKey: string | undefined): 'test' | 'live' | 'unknown' | null {
  if (!secretKey) return null;
  if (/^(sk|rk)_test_/.test(secretKey)) return 'test';
  if (/^(sk|rk)_live_/.test(secretKey)) return 'live';
  return 'unknown';
}

export const paymentListQuery = listQuery(['createdAt', 'amount'], 'createdAt', 'desc').extend({
  kind: z.enum(['', 'payments', 'refunds'], { error: 'Show payments or refunds' }).default(''),
  method: z.enum(['', 'stripe', 'cash', 'check', 'card_in_person', 'credit'], { error: 'Unknown payment method' }).default(''),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export type WebhookEventStatus = 'processed' | 'failed' | 'pending';

/** An event is failed when its last attempt recorded an error and no later attempt processed it. */
export function webhookEventStatus(e: { processedAt: string | null; error: string | null }): WebhookEventStatus {
  if (e.processedAt) return 'processed';
  return e.error ? 'failed' : 'pending';
}
