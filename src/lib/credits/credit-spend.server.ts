import { randomInt } from 'node:crypto';
import type { Database, Sql } from '../db/index.server';
import { localDate } from '../time';
import { creditExpiry } from './credits';
import { allocateCredit, drawnCents, PAID_FROM_CREDIT, RETURNED_TO_CREDIT, restoreDraws, type CreditDraw, type SpendableCredit } from './spending';

/**
 * Spending credits, in the caller's transaction: the booking's staff payment (payments/recorded-payments.server), the
 * website booking that carries a credit grant (place-booking) and the refund of a credit payment.
 */

/**
 * A customer's credits that can be spent on `today`, locked (`for update`) in the one spend order, so
 * a second spend of the same credits waits for this transaction and then sees what is left.
 */
export async function lockSpendableCredits(tx: Sql, customerId: string, today: string): Promise<SpendableCredit[]> {
  const rows = await tx<{ id: string; remaining_cents: number; expires_on: string | null; created_at: Date }[]>`
    select id, remaining_cents, expires_on::text as expires_on, created_at from customer_credits
    where customer_id = ${customerId} and voided_at is null and remaining_cents > 0
      and (expires_on is null or expires_on >= ${today}::date)
    order by expires_on asc nulls last, created_at, id
    for update`;
  return rows.map((r) => ({ id: r.id, remainingCents: r.remaining_cents, expiresOn: r.expires_on, createdAt: r.created_at.toISOString() }));
}

export interface CreditSpend {
  bookingId: string;
  draws: CreditDraw[];
  kind: 'deposit' | 'balance';
  /** Staff e-mail, or 'customer' at the website's checkout. */
  usedBy: string;
  now: Date;
}

/**
 * Writes a spend the caller allocated from locked credits: one payment of method 'credit' ("Paid
 * from credit"), counted in the booking's amount paid, each credit's use and what is left of it.
 * The check on remaining_cents (never below 0) is the last word. Returns the payment's id.
 */
export async function writeCreditSpend(tx: Sql, spend: CreditSpend): Promise<string> {
  const cents = drawnCents(spend.draws);
  const recordedBy = spend.usedBy === 'customer' ? null : spend.usedBy;
  const [payment] = await tx<{ id: string }[]>`
    insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, created_at)
    values (${spend.bookingId}, ${spend.kind}, 'credit', 'succeeded', ${cents}, ${recordedBy}, ${PAID_FROM_CREDIT}, ${spend.now})
    returning id`;
  await writeUses(tx, spend.draws, spend.bookingId, payment!.id, spend.usedBy, spend.now, 1);
  await tx`update bookings set amount_paid_cents = amount_paid_cents + ${cents}, updated_at = ${spend.now} where id = ${spend.bookingId}`;
  return payment!.id;
}

async function writeUses(tx: Sql, draws: CreditDraw[], bookingId: string, paymentId: string, usedBy: string, now: Date, sign: 1 | -1) {
  const ids = draws.map((d) => d.creditId);
  const cents = draws.map((d) => d.cents * sign);
  await tx`
    insert into credit_uses (credit_id, booking_id, payment_id, amount_cents, used_by, created_at)
    select credit_id, ${bookingId}, ${paymentId}, cents, ${usedBy}, ${now}
    from unnest(${ids}::uuid[], ${cents}::int[]) as d(credit_id, cents)`;
  await tx`
    update customer_credits c set remaining_cents = c.remaining_cents - d.cents
    from unnest(${ids}::uuid[], ${cents}::int[]) as d(credit_id, cents) where c.id = d.credit_id`;
}

/** Locks the customer's spendable credits and takes up to `wantCents` of them (nothing written yet). */
export async function allocateLockedCredit(tx: Sql, customerId: string, today: string, wantCents: number): Promise<{ draws: CreditDraw[]; availableCents: number }> {
  const credits = await lockSpendableCredits(tx, customerId, today);
  return { draws: allocateCredit(credits, wantCents), availableCents: credits.reduce((sum, c) => sum + c.remainingCents, 0) };
}

/**
 * A refund of a credit payment goes back to credit, not to a card: to the credits the payment drew
 * on, the last drawn first, each keeping its own expiry (what a customer expects of "my credit back").
 * A credit that has since expired or been voided cannot take it back usefully: that part becomes a
 * new credit (reason 'overpayment', the policy's months from today, naming the booking).
 */
export async function restoreCreditIn(
  tx: Sql,
  r: { paymentId: string; refundPaymentId: string; bookingId: string; refundedBeforeCents: number; amountCents: number; by: string; now: Date; today: string; expiryMonths: number },
): Promise<void> {
  const uses = await tx<{ credit_id: string; cents: number; customer_id: string; voided: boolean; expires_on: string | null }[]>`
    select u.credit_id, u.amount_cents as cents, c.customer_id, c.voided_at is not null as voided, c.expires_on::text as expires_on
    from credit_uses u join customer_credits c on c.id = u.credit_id
    where u.payment_id = ${r.paymentId} and u.amount_cents > 0
    order by u.created_at, u.id
    for update of c`;
  const back = restoreDraws(uses.map((u) => ({ creditId: u.credit_id, cents: u.cents })), r.refundedBeforeCents, r.amountCents);
  const byId = new Map(uses.map((u) => [u.credit_id, u]));
  const usable = back.filter((d) => {
    const credit = byId.get(d.creditId)!;
    return !credit.voided && (credit.expires_on === null || credit.expires_on >= r.today);
  });
  if (usable.length) await writeUses(tx, usable, r.bookingId, r.refundPaymentId, r.by, r.now, -1);
  const lapsed = drawnCents(back) - drawnCents(usable);
  if (lapsed > 0) {
    const [credit] = await tx<{ id: string }[]>`
      insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, source_booking_id, note, issued_by, created_at)
      values (${uses[0]!.customer_id}, 'overpayment', ${lapsed}, ${lapsed}, ${creditExpiry(r.today, r.expiryMonths)}, ${r.bookingId},
        'A refund of a credit payment whose credit had expired or been voided', ${r.by === 'customer' ? null : r.by}, ${r.now})
      returning id`;
    // Which old credits it stands in for, and how much of each: QuickBooks still has that part open on the
    // old credit's memo when the spending was never sent there (a lapsed hold's), and the sender moves it.
    const parts = new Map<string, number>();
    for (const d of back) if (!usable.includes(d)) parts.set(d.creditId, (parts.get(d.creditId) ?? 0) + d.cents);
    for (const [fromId, cents] of parts) {
      if (cents <= 0) continue;
      await tx`
        insert into credit_restorations (credit_id, from_credit_id, refund_id, amount_cents)
        values (${credit!.id}, ${fromId}, ${r.refundPaymentId}, ${cents})`;
    }
  }
}

/** A new one-time code: six random digits. */
export const newCreditCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Credit spent on a website booking that then lapsed (its hold expired unpaid, or its payment page
 * could not be opened) goes back to the credit by itself: a refund of the credit payment, method
 * 'credit', restored as any such refund. Cancelled bookings are left to staff (their refund).
 * Run by the scheduled housekeeping and at once when a booking's payment page fails.
 */
export async function returnLapsedCredit(sql: Database, now: Date, bookingId?: string): Promise<number> {
  const lapsed = await sql<{ id: string; booking_id: string; left: number; refunded: number }[]>`
    select p.id, p.booking_id, p.amount_cents - coalesce(r.refunded, 0) as left, coalesce(r.refunded, 0)::int as refunded
    from payments p join bookings b on b.id = p.booking_id
    left join lateral (select sum(amount_cents)::int as refunded from payments where refund_of = p.id and status = 'succeeded') r on true
    where p.method = 'credit' and p.kind <> 'refund' and p.status = 'succeeded' and b.status = 'expired'
      and p.amount_cents > coalesce(r.refunded, 0) ${bookingId ? sql`and p.booking_id = ${bookingId}` : sql``}
    limit 100`;
  for (const payment of lapsed) {
    await sql.begin(async (tx) => {
      const [locked] = await tx<{ timezone: string; credit_expiry_months: number }[]>`
        select s.timezone, s.credit_expiry_months from bookings b, business_settings s where b.id = ${payment.booking_id} and s.id for update of b`;
      const [refund] = await tx<{ id: string }[]>`
        insert into payments (booking_id, kind, method, status, amount_cents, note, refund_of, created_at)
        values (${payment.booking_id}, 'refund', 'credit', 'succeeded', ${payment.left}, ${RETURNED_TO_CREDIT + ': the booking lapsed unpaid'}, ${payment.id}, ${now})
        returning id`;
      await tx`update bookings set amount_paid_cents = amount_paid_cents - ${payment.left}, updated_at = ${now} where id = ${payment.booking_id}`;
      await restoreCreditIn(tx, {
        paymentId: payment.id,
        refundPaymentId: refund!.id,
        bookingId: payment.booking_id,
        refundedBeforeCents: payment.refunded,
        amountCents: payment.left,
        by: 'customer',
        now,
        today: localDate(now, locked!.timezone),
        expiryMonths: locked!.credit_expiry_months,
      });
    });
  }
  return lapsed.length;
}
