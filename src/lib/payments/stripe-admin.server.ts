import { env } from '../config';
import type { Sql } from '../db/index.server';
import { getSettings } from '../business/index.server';
import { offsetOf, pageOf, likePattern, type Page } from '../lists';
import { stripeMode, webhookEventStatus, type PaymentListQuery, type WebhookEventStatus } from './stripe-admin';

export interface WebhookEventDto {
  id: string;
  type: string;
  livemode: boolean;
  receivedAt: string;
  processedAt: string | null;
  error: string | null;
  status: WebhookEventStatus;
}

export interface PaymentDto {
  id: string;
  bookingId: string;
  bookingNumber: string;
  customerName: string;
  kind: 'deposit' | 'balance' | 'refund' | 'other';
  method: 'stripe' | 'cash' | 'check' | 'card_in_person' | 'credit';
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  createdAt: string;
  note: string;
  /** The Stripe payment intent or refund id, to look the payment up in the Stripe dashboard. */
  stripeReference: string | null;
}

export interface StripeOverview {
  configured: boolean;
  mode: 'test' | 'live' | 'unknown' | null;
  webhookSecretSet: boolean;
  paymentMode: 'deposit_online' | 'pay_later';
  /** Customers are sent to Stripe Checkout for deposits. */
  onlineDeposits: boolean;
  currency: string;
  webhook: { lastReceivedAt: string | null; receivedLast7Days: number; failedLast7Days: number; recent: WebhookEventDto[] };
  last30Days: { collectedCents: number; refundedCents: number };
  payments: Page<PaymentDto>;
}

/** The payments page: configuration (never a key), webhook health and the payments list. */
export async function stripeOverview(sql: Sql, query: PaymentListQuery, now: Date): Promise<StripeOverview> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const pattern = likePattern(query.q);
  const where = sql`
    where (${query.kind} = '' or (p.kind = 'refund') = ${query.kind === 'refunds'})
      and (${query.method} = '' or p.method = ${query.method})
      and (${query.q} = '' or b.number ilike ${pattern} or b.contact_name ilike ${pattern} or b.contact_email ilike ${pattern})`;
  const sort = query.sort === 'amount' ? sql`p.amount_cents` : sql`p.created_at`;
  const [settings, events, [health], [totals], rows, [count]] = await Promise.all([
    getSettings(sql),
    sql<{ id: string; type: string; livemode: boolean; received_at: Date; processed_at: Date | null; error: string | null }[]>`
      select id, type, livemode, received_at, processed_at, error from stripe_events order by received_at desc limit 20`,
    sql<{ last: Date | null; received: number; failed: number }[]>`
      select max(received_at) as last,
        count(*) filter (where received_at >= ${weekAgo})::int as received,
        count(*) filter (where received_at >= ${weekAgo} and processed_at is null and error is not null)::int as failed
      from stripe_events`,
    sql<{ collected: number; refunded: number }[]>`
      select coalesce(sum(amount_cents) filter (where kind <> 'refund'), 0)::int as collected,
        coalesce(sum(amount_cents) filter (where kind = 'refund'), 0)::int as refunded
      from payments where status = 'succeeded' and created_at >= ${monthAgo}`,
    sql<{ id: string; booking_id: string; number: string; name: string; kind: PaymentDto['kind']; method: PaymentDto['method']; status: PaymentDto['status']; amount_cents: number; created_at: Date; note: string; reference: string | null }[]>`
      select p.id, p.booking_id, b.number, b.contact_name as name, p.kind, p.method, p.status, p.amount_cents, p.created_at, p.note,
        coalesce(p.stripe_refund_id, p.stripe_payment_intent_id) as reference
      from payments p join bookings b on b.id = p.booking_id
      ${where}
      order by ${sort} ${sql.unsafe(query.dir)}, p.id
      limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ n: number }[]>`select count(*)::int as n from payments p join bookings b on b.id = p.booking_id ${where}`,
  ]);
  const configured = Boolean(STRIPE_SECRET_KEY);
  return {
    configured,
    mode: stripeMode(STRIPE_SECRET_KEY),
    webhookSecretSet: Boolean(STRIPE_WEBHOOK_SECRET),
    paymentMode: settings.paymentMode,
    onlineDeposits: configured && settings.paymentMode === 'deposit_online',
    currency: settings.currency,
    webhook: {
      lastReceivedAt: health?.last?.toISOString() ?? null,
      receivedLast7Days: health?.received ?? 0,
      failedLast7Days: health?.failed ?? 0,
      recent: events.map((e) => {
        const dto = { id: e.id, type: e.type, livemode: e.livemode, receivedAt: e.received_at.toISOString(), processedAt: e.processed_at?.toISOString() ?? null, error: e.error };
        return { ...dto, status: webhookEventStatus(dto) };
      }),
    },
    last30Days: { collectedCents: totals?.collected ?? 0, refundedCents: totals?.refunded ?? 0 },
    payments: pageOf(
      query,
      rows.map((r) => ({
        id: r.id,
        bookingId: r.booking_id,
        bookingNumber: r.number,
        customerName: r.name,
        kind: r.kind,
        method: r.method,
        status: r.status,
        amountCents: r.amount_cents,
        createdAt: r.created_at.toISOString(),
        note: r.note,
        stripeReference: r.reference,
      })),
      count!.n,
    ),
  };
}
