import type Stripe from 'stripe';
import type { Sql } from '../db/index.server';
import { stripe } from '../stripe/index.server';
import type { PayoutTransaction } from './quickbooks-objects';

export interface StripePayoutRow {
  stripe_payout_id: string;
  amount_cents: number;
  arrival_date: string;
  automatic: boolean;
}

export async function payoutRow(sql: Sql, id: string): Promise<StripePayoutRow | undefined> {
  const [row] = await sql<StripePayoutRow[]>`
    select stripe_payout_id, amount_cents::int as amount_cents, to_char(arrival_date, 'YYYY-MM-DD') as arrival_date, automatic from stripe_payouts where id = ${id}`;
  return row;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * What a payout carried, as Stripe lists it (GET /v1/balance_transactions?payout=…, sources expanded
 * to learn each charge's payment intent), described by the booking each payment belongs to. The
 * payout's own transaction is left out. Asked when the Deposit is sent, not when the webhook
 * arrives: the webhook answers Stripe at once and a failure here is retried by the queue.
 */
export async function payoutTransactions(sql: Sql, payout: StripePayoutRow): Promise<PayoutTransaction[]> {
  if (!payout.automatic) return [];
  const listed: Stripe.BalanceTransaction[] = [];
  for await (const t of stripe().balanceTransactions.list({ payout: payout.stripe_payout_id, limit: 100, expand: ['data.source'] })) {
    if (t.type !== 'payout') listed.push(t);
  }
  const sourceOf = (t: Stripe.BalanceTransaction) => (t.source && typeof t.source === 'object' ? (t.source as unknown as { id: string; payment_intent?: string | { id: string } | null }) : null);
  const intents = listed.map((t) => idOf(sourceOf(t)?.payment_intent)).filter((x): x is string => Boolean(x));
  const sources = listed.map((t) => idOf(t.source)).filter((x): x is string => Boolean(x));
  const payments = await sql<{ intent: string | null; refund: string | null; kind: string; number: string }[]>`
    select p.stripe_payment_intent_id as intent, p.stripe_refund_id as refund, p.kind, b.number
    from payments p join bookings b on b.id = p.booking_id
    where (p.kind <> 'refund' and p.stripe_payment_intent_id = any(${intents}::text[])) or p.stripe_refund_id = any(${sources}::text[])`;
  // Oldest first, as the owner reads a deposit slip.
  return listed.reverse().map((t) => {
    const source = idOf(t.source);
    const intent = idOf(sourceOf(t)?.payment_intent);
    const payment = t.type === 'refund' ? payments.find((p) => p.refund === source) : payments.find((p) => p.intent === intent && p.kind !== 'refund');
    const what = payment ? `Booking ${payment.number}: ${payment.kind}` : `Stripe ${t.type.replace(/_/g, ' ')}`;
    return { type: t.type, amountCents: t.amount, feeCents: t.fee, description: `${what} (${source ?? t.id})` };
  });
}
