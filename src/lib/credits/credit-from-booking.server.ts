import type { Sql } from '../db/index.server';
import type { CreditReason } from './credits';

export interface BookingToCredit {
  id: string;
  customer_id: string;
  amount_paid_cents: number;
}

/**
 * `amountCents` of what a booking's customer paid becomes a credit (a rain check, a cancellation in
 * the policy's credit tier): one credit row naming the booking, and refund lines of method 'credit'
 * on the payments with money left on them (oldest first), so the booking's amount paid falls by it and
 * no payment can be refunded a second time in money. At most what is paid; the caller holds the
 * booking's row lock. Nothing to move: no credit (null).
 */
export async function creditFromBooking(
  tx: Sql,
  booking: BookingToCredit,
  amountCents: number,
  credit: { reason: CreditReason; note: string; expiresOn: string | null; issuedBy: string | null },
  now: Date,
): Promise<{ creditId: string; amountCents: number } | null> {
  if (amountCents <= 0 || booking.amount_paid_cents <= 0) return null;
  const paid = await tx<{ id: string; left_cents: number }[]>`
    select p.id, (p.amount_cents - coalesce((select sum(r.amount_cents) from payments r where r.refund_of = p.id and r.status = 'succeeded'), 0))::int as left_cents
    from payments p
    where p.booking_id = ${booking.id} and p.kind <> 'refund' and p.status = 'succeeded'
    order by p.created_at, p.id`;
  const wanted = Math.min(amountCents, booking.amount_paid_cents);
  let toMove = wanted;
  for (const payment of paid) {
    const part = Math.min(payment.left_cents, toMove);
    if (part <= 0) continue;
    await tx`
      insert into payments (booking_id, kind, method, status, amount_cents, recorded_by, note, refund_of, created_at)
      values (${booking.id}, 'refund', 'credit', 'succeeded', ${part}, ${credit.issuedBy}, ${credit.note}, ${payment.id}, ${now})`;
    toMove -= part;
  }
  const moved = wanted - toMove;
  if (moved === 0) return null;
  const [row] = await tx<{ id: string }[]>`
    insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, source_booking_id, note, issued_by, created_at)
    values (${booking.customer_id}, ${credit.reason}, ${moved}, ${moved}, ${credit.expiresOn}, ${booking.id}, ${credit.note}, ${credit.issuedBy}, ${now})
    returning id`;
  await tx`update bookings set amount_paid_cents = amount_paid_cents - ${moved}, updated_at = ${now} where id = ${booking.id}`;
  return { creditId: row!.id, amountCents: moved };
}
