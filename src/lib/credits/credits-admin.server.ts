import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import { getBusinessClock, getSettings } from '../business/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { localDate } from '../time';
import { availableCredit, type CreditBalance, creditExpiry, creditExpiryProblem, creditState, type CreditLine, type CreditReason, type CreditState, type IssueCreditBody } from './credits';

/** One credit as the customer's page lists it. */
export interface CustomerCredit extends CreditLine {
  state: CreditState;
  note: string;
  /** The booking it came from. */
  booking: { id: string; number: string } | null;
  /** Staff e-mail; null when the site issued it. */
  issuedBy: string | null;
  createdAt: string;
  voidReason: string | null;
  /** What bookings took from it (amount > 0) and refunds gave back (amount < 0), oldest first. */
  uses: { booking: { id: string; number: string }; amountCents: number; at: string }[];
}

export interface CustomerCredits extends CreditBalance {
  credits: CustomerCredit[];
}

interface CreditRow {
  id: string;
  reason: CreditReason;
  amount_cents: number;
  remaining_cents: number;
  expires_on: string | null;
  voided_at: Date | null;
  void_reason: string | null;
  note: string;
  issued_by: string | null;
  created_at: Date;
  booking_id: string | null;
  booking_number: string | null;
}

const creditColumns = (sql: Sql) => sql`
  c.id, c.reason, c.amount_cents, c.remaining_cents, c.expires_on::text as expires_on, c.voided_at, c.void_reason, c.note,
  c.issued_by, c.created_at, b.id as booking_id, b.number as booking_number`;

function creditFromRow(row: CreditRow, today: string): CustomerCredit {
  const line: CreditLine = {
    id: row.id,
    reason: row.reason,
    amountCents: row.amount_cents,
    remainingCents: row.remaining_cents,
    expiresOn: row.expires_on,
    voidedAt: row.voided_at?.toISOString() ?? null,
  };
  return {
    ...line,
    state: creditState(line, today),
    note: row.note,
    booking: row.booking_id && row.booking_number ? { id: row.booking_id, number: row.booking_number } : null,
    issuedBy: row.issued_by,
    createdAt: row.created_at.toISOString(),
    voidReason: row.void_reason,
    uses: [],
  };
}

/** Every credit of a customer, newest first, and what they can spend today. */
export async function creditsOf(sql: Sql, customerId: string, now: Date): Promise<CustomerCredits> {
  const [clock, rows, uses] = await Promise.all([
    getBusinessClock(sql, now),
    sql<CreditRow[]>`
      select ${creditColumns(sql)} from customer_credits c left join bookings b on b.id = c.source_booking_id
      where c.customer_id = ${customerId} order by c.created_at desc, c.id`,
    sql<{ credit_id: string; booking_id: string; number: string; amount_cents: number; created_at: Date }[]>`
      select u.credit_id, u.booking_id, b.number, u.amount_cents, u.created_at
      from credit_uses u join customer_credits c on c.id = u.credit_id join bookings b on b.id = u.booking_id
      where c.customer_id = ${customerId} order by u.created_at, u.id`,
  ]);
  const today = clock.today();
  const credits = rows.map((row) => ({
    ...creditFromRow(row, today),
    uses: uses.filter((u) => u.credit_id === row.id).map((u) => ({ booking: { id: u.booking_id, number: u.number }, amountCents: u.amount_cents, at: u.created_at.toISOString() })),
  }));
  return { credits, ...availableCredit(credits, today) };
}

/** Who does it: the audit entry's writer and the e-mail kept on the credit. */
export interface CreditActor {
  audit: Audit;
  staffEmail: string;
}

/**
 * Staff give a customer a credit (goodwill, a rain check, an overpayment kept as credit…), audited.
 * Without an expiry the policy's credit months apply from today; a booking named must be this
 * customer's.
 */
export async function issueCredit(db: Database, customerId: string, body: IssueCreditBody, actor: CreditActor, now: Date): Promise<CustomerCredits> {
  await auditedChange(db, actor.audit, {
    lock: async (tx) => {
      const [customer] = await tx<{ id: string }[]>`select id from customers where id = ${customerId} for update`;
      if (!customer) throw new AppError('not_found', 'No such customer.');
      const settings = await getSettings(tx);
      const today = localDate(now, settings.timezone);
      let bookingId: string | null = null;
      if (body.bookingNumber) {
        const [booking] = await tx<{ id: string }[]>`select id from bookings where number = ${body.bookingNumber} and customer_id = ${customerId}`;
        if (!booking) throw fieldError('bookingNumber', `This customer has no booking ${body.bookingNumber}`);
        bookingId = booking.id;
      }
      return { today, bookingId, expiresOn: body.expiresOn ?? creditExpiry(today, settings.creditExpiryMonths) };
    },
    check: ({ today, expiresOn }) => {
      const problem = creditExpiryProblem(expiresOn, today);
      if (problem) throw fieldError('expiresOn', problem);
    },
    change: async (tx, { bookingId, expiresOn }) => {
      const [row] = await tx<{ id: string }[]>`
        insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, source_booking_id, note, issued_by, created_at)
        values (${customerId}, ${body.reason}, ${body.amountCents}, ${body.amountCents}, ${expiresOn}, ${bookingId}, ${body.note}, ${actor.staffEmail}, ${now})
        returning id`;
      return row!.id;
    },
    audit: (creditId, { expiresOn }) => ({
      action: 'customer.credit_issued',
      entity: 'customer',
      entityId: customerId,
      after: { creditId, amountCents: body.amountCents, reason: body.reason, expiresOn, bookingNumber: body.bookingNumber || null, note: body.note },
    }),
  });
  return creditsOf(db, customerId, now);
}

/** What is left of a credit can no longer be spent (given by mistake, paid out another way), audited. */
export async function voidCredit(db: Database, customerId: string, creditId: string, reason: string, actor: CreditActor, now: Date): Promise<CustomerCredits> {
  await auditedChange(db, actor.audit, {
    lock: async (tx) => {
      const [credit] = await tx<{ remaining_cents: number; voided_at: Date | null }[]>`
        select remaining_cents, voided_at from customer_credits where id = ${creditId} and customer_id = ${customerId} for update`;
      if (!credit) throw new AppError('not_found', 'No such credit.');
      return credit;
    },
    check: (credit) => {
      if (credit.voided_at) throw new AppError('conflict', 'This credit was voided already.');
      if (credit.remaining_cents === 0) throw new AppError('conflict', 'Nothing is left of this credit to void.');
    },
    change: async (tx) => {
      await tx`update customer_credits set voided_at = ${now}, voided_by = ${actor.staffEmail}, void_reason = ${reason} where id = ${creditId}`;
    },
    audit: (_, credit) => ({
      action: 'customer.credit_voided',
      entity: 'customer',
      entityId: customerId,
      before: { creditId, remainingCents: credit.remaining_cents },
      after: { creditId, voided: true, reason },
    }),
  });
  return creditsOf(db, customerId, now);
}
