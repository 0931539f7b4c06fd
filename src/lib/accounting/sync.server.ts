import { getSettings, isDemoBusiness } from '../business/index.server';
import { type Database, db } from '../db/index.server';
import { AppError } from '../http';
import { businessClock } from '../time';
import { creditForfeit } from './credit-forfeit';
import { accountingMappingSchema, depositAccountFor } from './accounting-mapping';
import { intuitApp } from './intuit-oauth.server';
import { QuickBooksFault } from './quickbooks-faults';
import {
  cancelledLine,
  creditMemoObject,
  creditPaymentObject,
  depositIncomeEntry,
  forfeitInvoiceObject,
  heldDepositObject,
  heldRefundEntry,
  invoiceChange,
  paymentObject,
  payoutDepositObject,
  PayoutMismatch,
  refundReceiptObject,
} from './quickbooks-objects';
import { brokenReason, type ConnectionRow, markBroken, QuickBooksSession } from './quickbooks-session.server';
import { payoutRow, payoutTransactions } from './payouts.server';
import { cancelledBooking, heldCents, heldMovedToCredit, keptWithoutSale, linkDeposits, paidOnInvoice, settleCancelledInvoice } from './cancelled-invoices.server';
import { creditMemos, creditReturned, creditStillApplied, moveCredits, queueExpiredCredits, restoredMemoParts } from './credit-records.server';
import {
  bookingCustomer,
  bookingQboCustomer,
  type Context,
  create,
  creditQboCustomer,
  ensureInvoice,
  invoiceSource,
  ItemProblem,
  object,
  openDate,
  payment,
  pin,
  type QueueItem,
  type QboRecord,
  saveObjects,
  type Sent,
  stepId,
  updateInvoice,
} from './sync-context.server';

/**
 * Sends the accounting queue (filled by the database's triggers, in each change's own transaction):
 * right after a change and from housekeeping every 5 minutes. One sender at a time (a lease on the
 * connection row). A booking's items go in order (customer, invoice, then as they happened); an item
 * that failed holds back that booking's later items only. Exactly once: each item's QuickBooks
 * request id is fixed when it is queued, so a retry after a lost answer gets QuickBooks' first answer,
 * and what each record became in QuickBooks is stored (accounting_objects) with the item's "sent".
 * Here: each kind of item's handler and the run; what they share is in sync-context.server.ts, a
 * cancelled booking's invoice in cancelled-invoices.server.ts, store credit's other records in
 * credit-records.server.ts.
 */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 10;
/** 1, 2, 4 … minutes after each failed attempt, at most 6 hours. */
export const accountingBackoffMinutes = (attempt: number) => Math.min(2 ** Math.max(0, attempt - 1), 360);

/** A booking's states in which a payment of it belongs on its invoice: sold (confirmed and after), or cancelled. */
const SOLD_OR_CANCELLED = ['confirmed', 'out_for_delivery', 'delivered', 'completed', 'cancelled'];

const handlers: Record<QueueItem['kind'], (ctx: Context, item: QueueItem, sent: Sent) => Promise<unknown>> = {
  async customer(ctx, item, sent) {
    const id = await bookingCustomer(ctx, item, sent);
    return Object.assign(sent, { qboType: 'Customer', qboId: id });
  },

  async invoice(ctx, item, sent) {
    const invoice = await ensureInvoice(ctx, item, sent);
    return Object.assign(sent, { qboType: 'Invoice', qboId: invoice.id });
  },

  /**
   * The booking's new lines. A change that lowers the total below what was paid (a discount given after the
   * balance was paid, the difference refunded) keeps the invoice at what is paid on it (what Payments apply,
   * read from QuickBooks, and the deposits moved to A/R for it) and at the new total plus what the refunds'
   * receipts took out of income, whichever is more, by one more line: QuickBooks will not lower an invoice
   * below its payments, and the receipts take that line back out of income, so income is the new total and
   * A/R what the site says is owed, whatever the order (docs/decisions.md).
   */
  async invoice_change(ctx, item, sent) {
    const invoice = await ensureInvoice(ctx, item, sent);
    if (!invoice.created) {
      const customer = await bookingQboCustomer(ctx, item, sent);
      const source = await invoiceSource(ctx, item.booking_id!, customer);
      const [refunds] = await ctx.sql<{ cents: number }[]>`
        select coalesce(sum(o.amount_cents), 0)::int as cents
        from payments p join accounting_objects o on o.local_key in ('refund:' || p.id, 'refund:' || p.id || ':income')
        where p.booking_id = ${item.booking_id} and o.qbo_type = 'RefundReceipt'`;
      const paid = await paidOnInvoice(ctx, item.booking_id!, invoice.id);
      const cents = Math.max(source.totalCents + refunds!.cents, paid);
      const beyond = cents - source.totalCents;
      const record = await updateInvoice(ctx, item, invoice, (token) => invoiceChange(invoice.id, token, source, ctx.mapping, beyond));
      sent.objects.push({ key: `invoice:${item.booking_id}`, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
    }
    return Object.assign(sent, { qboType: 'Invoice', qboId: invoice.id });
  },

  async payment(ctx, item, sent) {
    const p = await payment(ctx, item.source_id!);
    const customer = await bookingQboCustomer(ctx, item, sent);
    const date = ctx.clock.dateOf(p.created_at);
    const note = `Booking ${p.number}: ${p.kind} (${p.method})`;
    const key = `payment:${item.source_id}`;
    const invoiced = Boolean(await object(ctx.sql, `invoice:${item.booking_id}`));
    // A payment goes on the booking's invoice, which a booking not sold (nor cancelled) does not have yet.
    const waitsForInvoice = !invoiced && !SOLD_OR_CANCELLED.includes(p.status);
    const waiting = () => new ItemProblem('Waiting for the booking’s invoice (it is sent when the booking is confirmed).', true);
    if (p.method === 'credit') {
      // Queued before credit spent on a hold waited for the booking's confirmation (migration
      // 20261206153000_lapsed_hold_credit): it makes no invoice for a booking that is not sold. One whose
      // hold lapsed and whose credit went back to the customer has nothing to send: nothing was sold, nothing kept.
      if (waitsForInvoice) {
        if (p.status === 'expired' && p.returned >= p.amount_cents) return;
        throw waiting();
      }
      // Net of what went back to its credits before it was sent (a hold's credit returned, then confirmed):
      // their refunds' items find nothing applied and send nothing.
      const applied = await creditStillApplied(ctx.sql, item.source_id!);
      if (applied.length === 0) return;
      await moveCredits(ctx, item, applied, customer, date);
      const memos = await creditMemos(ctx, applied);
      const invoice = await ensureInvoice(ctx, item, sent);
      const record = await create(ctx, 'Payment', creditPaymentObject({ customerQboId: customer, invoiceQboId: invoice.id, memos, date, note }), stepId(item, 'main'));
      sent.objects.push({ key, type: 'Payment', id: record.Id, syncToken: record.SyncToken, amountCents: memos.reduce((sum, m) => sum + m.cents, 0), postedAs: 'invoice' });
      return Object.assign(sent, { qboType: 'Payment', qboId: record.Id });
    }
    const account = depositAccountFor(ctx.mapping, p.method);
    const earned = await object(ctx.sql, `deposit_income:${item.booking_id}`);
    // A hold that lapsed keeping money (part of the deposit staff took, or Stripe's arriving after the
    // release with the units gone) sold nothing, so it gets no invoice: the money is the customer's until
    // staff refund it, held in the deposit liability as any deposit before its party (its refund comes out
    // of it again). Without this it waited for an invoice that never comes, and failed.
    const lapsed = p.status === 'expired' && !earned && !invoiced;
    if ((ctx.defer && p.created_at < p.event_start && !earned) || lapsed) {
      const body = heldDepositObject({ customerQboId: customer, cents: p.amount_cents, date, accountId: account, liabilityId: ctx.mapping.depositLiabilityAccount, note });
      const record = await create(ctx, 'Deposit', body, stepId(item, 'main'));
      sent.objects.push({ key, type: 'Deposit', id: record.Id, syncToken: record.SyncToken, amountCents: p.amount_cents, postedAs: 'liability' });
      return Object.assign(sent, { qboType: 'Deposit', qboId: record.Id });
    }
    if (waitsForInvoice) throw waiting();
    const invoice = await ensureInvoice(ctx, item, sent);
    const record = await create(ctx, 'Payment', paymentObject({ customerQboId: customer, invoiceQboId: invoice.id, cents: p.amount_cents, date, accountId: account, note }), stepId(item, 'main'));
    sent.objects.push({ key, type: 'Payment', id: record.Id, syncToken: record.SyncToken, amountCents: p.amount_cents, postedAs: 'invoice' });
    return Object.assign(sent, { qboType: 'Payment', qboId: record.Id });
  },

  async refund(ctx, item, sent) {
    const p = await payment(ctx, item.source_id!);
    if (p.method === 'credit') return creditReturned(ctx, item, p, sent);
    const customer = await bookingQboCustomer(ctx, item, sent);
    const date = ctx.clock.dateOf(p.created_at);
    const note = `Refund, booking ${p.number} (${p.method})`;
    const account = depositAccountFor(ctx.mapping, p.method);
    const refunded = p.refund_of ? await object(ctx.sql, `payment:${p.refund_of}`) : undefined;
    const earned = await object(ctx.sql, `deposit_income:${item.booking_id}`);
    const key = `refund:${item.source_id}`;
    // A deposit still held (the party not reached, or cancelled) goes back out of the liability: it never was
    // income. Only what is still there: what the party's day or the cancellation moved to income (a staff
    // cancellation keeps all that was paid) comes back out of income, as any other refund.
    const fromLiability = refunded?.posted_as === 'liability' && (!earned || p.status === 'cancelled') ? Math.min(p.amount_cents, await heldCents(ctx.sql, p.booking_id)) : 0;
    const fromIncome = p.amount_cents - fromLiability;
    let main: { type: string; record: QboRecord } | null = null;
    if (fromLiability > 0) {
      const record = await create(ctx, 'JournalEntry', heldRefundEntry({ customerQboId: customer, cents: fromLiability, date, accountId: account, mapping: ctx.mapping, note }), stepId(item, 'main'));
      sent.objects.push({ key, type: 'JournalEntry', id: record.Id, syncToken: record.SyncToken, amountCents: fromLiability, postedAs: 'liability' });
      main = { type: 'JournalEntry', record };
    }
    if (fromIncome > 0) {
      // Beside a journal entry for the held part, the rest has a request id and a record of its own.
      const receiptKey = main ? `${key}:income` : key;
      const body = refundReceiptObject({ customerQboId: customer, cents: fromIncome, date, accountId: account, mapping: ctx.mapping, note });
      const record = await create(ctx, 'RefundReceipt', body, stepId(item, main ? 'income' : 'main'));
      sent.objects.push({ key: receiptKey, type: 'RefundReceipt', id: record.Id, syncToken: record.SyncToken, amountCents: fromIncome });
      main ??= { type: 'RefundReceipt', record };
    }
    return Object.assign(sent, { qboType: main!.type, qboId: main!.record.Id });
  },

  async credit(ctx, item, sent) {
    const [credit] = await ctx.sql<{ amount_cents: number; reason: string; created_at: Date; note: string }[]>`
      select amount_cents, reason, created_at, note from customer_credits where id = ${item.source_id}`;
    if (!credit) throw new ItemProblem('The credit no longer exists.');
    const customer = await creditQboCustomer(ctx, item, sent);
    const note = `Credit: ${credit.reason.replace('_', ' ')}${credit.note ? ` (${credit.note.slice(0, 200)})` : ''}`;
    const date = ctx.clock.dateOf(credit.created_at);
    const record = await create(ctx, 'CreditMemo', creditMemoObject({ customerQboId: customer, cents: credit.amount_cents, date, mapping: ctx.mapping, note }), stepId(item, 'main'));
    pin(sent, `qbo_customer:credit:${item.source_id}`, customer, record);
    await restoredMemoParts(ctx, item, date, sent);
    sent.objects.push({ key: `credit:${item.source_id}`, type: 'CreditMemo', id: record.Id, syncToken: record.SyncToken, amountCents: credit.amount_cents });
    return Object.assign(sent, { qboType: 'CreditMemo', qboId: record.Id });
  },

  /**
   * What is left of a credit that expired or was voided: the site can no longer spend it, so its memo
   * must not stay open. An invoice of that amount (an expiry's on the expired credit item, as breakage
   * income; a void's on the adjustments item the memo itself used, undoing a credit given by mistake),
   * then a zero payment applying the memo to it, as credit spent on a booking is applied. Each has its
   * own request id: a retry after the invoice was made gets it back and goes on to the payment.
   */
  async credit_forfeit(ctx, item, sent) {
    const [credit] = await ctx.sql<{ remaining_cents: number; expires_on: string | null; voided_at: Date | null; void_reason: string | null }[]>`
      select remaining_cents, expires_on::text as expires_on, voided_at, void_reason from customer_credits where id = ${item.source_id}`;
    if (!credit) throw new ItemProblem('The credit no longer exists.');
    const memo = await object(ctx.sql, `credit:${item.source_id}`);
    if (!memo) throw new ItemProblem('The credit’s memo is not in QuickBooks (issued before QuickBooks was connected): close what is left of it there by hand.');
    // Nothing is left once a credit can no longer be spent (a refund to it becomes a new credit instead).
    if (credit.remaining_cents <= 0) return;
    const forfeit = creditForfeit(credit, ctx.clock);
    const itemId = forfeit.expired ? ctx.mapping.expiredCreditItem : ctx.mapping.adjustmentsItem;
    if (!itemId) throw new ItemProblem('Choose the item for expired store credit in Settings → Accounting, then retry this item.');
    // The memo's customer: the invoice it is applied to must be on it (merged customers, pinnedCustomer).
    const customer = await creditQboCustomer(ctx, item, sent);
    const cents = credit.remaining_cents;
    const description = forfeit.expired ? `Expired store credit (its last day was ${forfeit.date})` : `Voided store credit: ${credit.void_reason ?? ''}`.slice(0, 4000);
    const invoice = await create(ctx, 'Invoice', forfeitInvoiceObject({ customerQboId: customer, cents, date: forfeit.date, itemId, description, note: `${description}, credit memo ${memo.qbo_id}` }), stepId(item, 'main'));
    const key = `credit_forfeit:${item.source_id}`;
    sent.objects.push({ key, type: 'Invoice', id: invoice.Id, syncToken: invoice.SyncToken, amountCents: cents });
    const body = creditPaymentObject({ customerQboId: customer, invoiceQboId: invoice.Id, memos: [{ qboId: memo.qbo_id, cents }], date: forfeit.date, note: description });
    const payment = await create(ctx, 'Payment', body, stepId(item, 'p'));
    sent.objects.push({ key: `${key}:payment`, type: 'Payment', id: payment.Id, syncToken: payment.SyncToken, amountCents: cents });
    return Object.assign(sent, { qboType: 'Invoice', qboId: invoice.Id });
  },

  /**
   * The invoice of a cancelled booking: one line of what the policy kept, or of what was paid on it when
   * that is more: what Payments apply to it (a card payment when deposits are not held, one on or after
   * the party's day, a zero one applying credit) and the deposits moved from the liability to A/R for it
   * (deposit_income: what was kept or moved into a credit, or all of them when the party's day came
   * first). QuickBooks refuses to void an invoice a Payment is applied to, and one cut below what is
   * applied would owe the customer; the refund's receipt takes the part paid back out of income, and the
   * new credit's memo holds the part moved into a credit (docs/decisions.md). At nothing, voided. Credit
   * given back to its credits after this is sent lowers it again (lowerCancelledInvoice).
   */
  async cancellation(ctx, item, sent) {
    const known = await object(ctx.sql, `invoice:${item.booking_id}`);
    if (!known) return;
    const { kept, date } = await cancelledBooking(ctx, item.booking_id!);
    const invoice = { id: known.qbo_id, syncToken: known.sync_token };
    // The deposits' move is queued before this (with the first deposit) and made due by the cancellation;
    // should this sender's clock be behind the database's, it is not due yet here: this waits for it.
    const [moving] = await ctx.sql`
      select 1 from accounting_queue where dedupe_key = ${`deposit_income:${item.booking_id}`} and status <> 'sent' and seq < ${item.seq}`;
    if (moving) throw new ItemProblem('Waiting for the deposits held to be moved out of the liability first.', true);
    const paid = await paidOnInvoice(ctx, item.booking_id!, invoice.id);
    const cents = Math.max(kept, paid);
    const line = kept > 0 ? (cents > kept ? cancelledLine.keptAndPaidBack : cancelledLine.kept) : cancelledLine.paidBack;
    const record = await settleCancelledInvoice(ctx, item, invoice, cents, date, line, sent);
    sent.objects.push({ key: `invoice:${item.booking_id}`, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
    // The deposits' move applied to the invoice when it was sent, as far as the invoice then had open; what
    // it could not apply (paid beyond the party's total) is applied now, against the invoice left at what was paid.
    const entry = await object(ctx.sql, `deposit_income:${item.booking_id}`);
    if (cents > 0 && entry?.qbo_id && entry.amount_cents) {
      const customer = await bookingQboCustomer(ctx, item, sent);
      const [booking] = await ctx.sql<{ number: string }[]>`select number from bookings where id = ${item.booking_id}`;
      const link = { bookingId: item.booking_id!, number: booking!.number, invoiceQboId: invoice.id, entryQboId: entry.qbo_id, entryCents: entry.amount_cents, customerQboId: customer, date: await openDate(ctx, date) };
      await linkDeposits(ctx, item, link, 'cancellation', sent);
    }
    return Object.assign(sent, { qboType: 'Invoice', qboId: record.Id });
  },

  async deposit_income(ctx, item, sent) {
    const [booking] = await ctx.sql<{ number: string; status: string; kept: number | null; event_start: Date; cancelled_at: Date | null }[]>`
      select number, status, cancellation_kept_cents as kept, event_start, cancelled_at from bookings where id = ${item.booking_id}`;
    if (!booking) throw new ItemProblem('The booking no longer exists.');
    const held = await heldCents(ctx.sql, item.booking_id!);
    // A cancelled party earns what the policy kept, and what was moved into a credit leaves the liability
    // too (the credit's memo holds it for the customer); the rest stays held until it is refunded.
    const cents = booking.status === 'cancelled' ? Math.min(held, (booking.kept ?? 0) + (await heldMovedToCredit(ctx.sql, item.booking_id!))) : held;
    const key = `deposit_income:${item.booking_id}`;
    if (cents <= 0) {
      sent.objects.push({ key, type: 'JournalEntry', id: '', syncToken: '0', amountCents: 0 });
      return;
    }
    const customer = await bookingQboCustomer(ctx, item, sent);
    // Dated the party's day (or the cancellation's), or the first open day when the books are closed through it.
    const date = await openDate(ctx, ctx.clock.dateOf(booking.status === 'cancelled' ? (booking.cancelled_at ?? ctx.now) : booking.event_start));
    const record = await create(ctx, 'JournalEntry', depositIncomeEntry({ customerQboId: customer, cents, date, mapping: ctx.mapping, bookingNumber: booking.number }), stepId(item, 'main'));
    sent.objects.push({ key, type: 'JournalEntry', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
    // The entry's credit to A/R applied to the invoice (a cancelled booking's invoice is then left at what
    // was paid, this counted, by the cancellation after it). A hold that lapsed sold nothing and has no
    // invoice: what it still holds on the party's day is kept (keptWithoutSale), an invoice of it that the
    // entry pays, so no unapplied credit stands on the customer.
    const invoiceQboId = (await object(ctx.sql, `invoice:${item.booking_id}`))?.qbo_id ?? (await keptWithoutSale(ctx, item, { customerQboId: customer, cents, date, number: booking.number }, sent));
    const link = { bookingId: item.booking_id!, number: booking.number, invoiceQboId, entryQboId: record.Id, entryCents: cents, customerQboId: customer, date };
    await linkDeposits(ctx, item, link, 'party', sent);
    return Object.assign(sent, { qboType: 'JournalEntry', qboId: record.Id });
  },

  async payout(ctx, item, sent) {
    const payout = await payoutRow(ctx.sql, item.source_id!);
    if (!payout) throw new ItemProblem('The payout no longer exists.');
    const bankId = ctx.mapping.payoutAccount;
    if (!bankId) throw new ItemProblem('Choose the bank account Stripe pays out to in Settings → Accounting, then retry this payout.');
    const transactions = await payoutTransactions(ctx.sql, payout);
    let body;
    try {
      body = payoutDepositObject({ payoutId: payout.stripe_payout_id, amountCents: payout.amount_cents, date: payout.arrival_date, transactions, bankId, mapping: ctx.mapping });
    } catch (error) {
      if (error instanceof PayoutMismatch) throw new ItemProblem(error.message);
      throw error;
    }
    const record = await create(ctx, 'Deposit', body, stepId(item, 'main'));
    sent.objects.push({ key: `payout:${payout.stripe_payout_id}`, type: 'Deposit', id: record.Id, syncToken: record.SyncToken, amountCents: payout.amount_cents });
    return Object.assign(sent, { qboType: 'Deposit', qboId: record.Id });
  },
};

export interface SendResult {
  sent: number;
  failed: number;
  /** Why the run stopped early: QuickBooks throttled it, is down, or refused the tokens. */
  stopped: 'throttled' | 'unavailable' | 'broken' | null;
}

/**
 * Sends what is due, in order; returns what happened. Never throws for QuickBooks' faults: a 429 or an
 * outage puts the item back with backoff and ends the run; a 401 after one refresh marks the
 * connection broken; a validation fault fails that item with QuickBooks' message and the run goes on
 * with the other bookings.
 */
export async function sendAccountingQueue(sql: Database, now: Date, options: { limit?: number } = {}): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0, stopped: null };
  const app = intuitApp();
  if (!app || (await isDemoBusiness(sql))) return result;
  const [connection] = await sql<(ConnectionRow & { mapping: unknown })[]>`
    update accounting_connections set sending_until = ${new Date(now.getTime() + LEASE_MS)}
    where id and status = 'connected' and (sending_until is null or sending_until < ${now})
    returning status, realm_id, access_token_enc, refresh_token_enc, access_expires_at, refresh_expires_at, mapping, defer_deposits`;
  if (!connection) return result;
  try {
    const mapping = accountingMappingSchema.safeParse(connection.mapping);
    if (!mapping.success) return result;
    const settings = await getSettings(sql);
    const ctx: Context = { sql, qbo: new QuickBooksSession(sql, app, connection, now), mapping: mapping.data, defer: connection.defer_deposits, clock: businessClock(settings.timezone, now), now };
    await queueExpiredCredits(sql, ctx.clock.today());
    // Ordered by the column, not the text selected under its name (a bare `seq` would sort as text:
    // 10000 before 9999, a booking's cancellation before the deposits' move it waits for).
    const open = await sql<QueueItem[]>`
      select id, seq::text, booking_id, customer_id, kind, source_id, request_id, status, attempts, next_attempt_at, not_before
      from accounting_queue where status <> 'sent' order by rank, accounting_queue.seq limit ${options.limit ?? 500}`;
    const held = new Set<string>();
    for (const item of open) {
      // A booking's items in order, a customer's credits in order, the payouts in order.
      const lane = item.booking_id ?? (item.customer_id ? `customer:${item.customer_id}` : item.kind);
      if (held.has(lane)) continue;
      if (item.not_before && item.not_before > now) continue;
      if (item.status === 'failed' || item.next_attempt_at > now) {
        held.add(lane);
        continue;
      }
      const outcome = await sendOne(sql, ctx, item, now);
      if (outcome === 'sent') result.sent++;
      else {
        held.add(lane);
        if (outcome === 'failed') result.failed++;
        if (outcome === 'throttled' || outcome === 'unavailable' || outcome === 'broken') {
          result.stopped = outcome;
          break;
        }
      }
    }
  } finally {
    await sql`update accounting_connections set sending_until = null where id`;
  }
  return result;
}

async function sendOne(sql: Database, ctx: Context, item: QueueItem, now: Date): Promise<'sent' | 'failed' | 'retry' | 'throttled' | 'unavailable' | 'broken'> {
  const attempts = item.attempts + 1;
  const sent: Sent = { qboType: null, qboId: null, objects: [] };
  try {
    await handlers[item.kind](ctx, item, sent);
  } catch (error) {
    const message = (error as Error).message.slice(0, 1000);
    const retryAt = new Date(now.getTime() + accountingBackoffMinutes(attempts) * 60_000);
    if (error instanceof QuickBooksFault && error.kind === 'auth') {
      await sql`update accounting_queue set attempts = ${attempts}, last_error = ${message} where id = ${item.id}`;
      await markBroken(sql, brokenReason(error), now);
      return 'broken';
    }
    const transient = (error instanceof QuickBooksFault && error.kind !== 'validation') || (error instanceof ItemProblem && error.retry) || !(error instanceof QuickBooksFault || error instanceof ItemProblem);
    const failed = !transient || attempts >= MAX_ATTEMPTS;
    console.error(`accounting: ${item.kind} ${item.id} ${failed ? 'failed' : 'will be retried'} (attempt ${attempts}): ${message}`);
    await sql`
      update accounting_queue set attempts = ${attempts}, last_error = ${message}, next_attempt_at = ${retryAt}, status = ${failed ? 'failed' : 'waiting'}
      where id = ${item.id} and status = 'waiting'`;
    if (failed) return 'failed';
    if (error instanceof QuickBooksFault && error.kind === 'throttled') return 'throttled';
    if (error instanceof QuickBooksFault && error.kind === 'unavailable') return 'unavailable';
    return 'retry';
  }
  await sql.begin(async (tx) => {
    await saveObjects(tx, sent.objects.filter((o) => o.id !== '' || o.key.startsWith('deposit_income:')));
    await tx`
      update accounting_queue set status = 'sent', sent_at = ${now}, attempts = ${attempts}, last_error = null, qbo_type = ${sent.qboType}, qbo_id = ${sent.qboId}
      where id = ${item.id}`;
  });
  return 'sent';
}

/** Best effort right after a change commits: whatever fails waits in the queue for housekeeping. */
export async function sendAccountingSoon(sql: Database, now: Date): Promise<void> {
  try {
    await sendAccountingQueue(sql, now);
  } catch (error) {
    console.error('Sending the accounting queue failed; housekeeping will try again:', error);
  }
}

export interface QuickBooksChoices {
  items: { id: string; name: string }[];
  accounts: { id: string; name: string; type: string }[];
}

/** The company's items and accounts, for the mapping step's choices. */
export async function quickbooksChoices(sql: Database, now: Date): Promise<QuickBooksChoices> {
  const app = intuitApp();
  const [connection] = await sql<ConnectionRow[]>`
    select status, realm_id, access_token_enc, refresh_token_enc, access_expires_at, refresh_expires_at, mapping, defer_deposits
    from accounting_connections where id and status = 'connected'`;
  // Nothing to choose from before QuickBooks is connected (the screen shows Connect instead).
  if (!app || !connection) return { items: [], accounts: [] };
  const qbo = new QuickBooksSession(sql, app, connection, now);
  try {
    const [items, accounts] = [
      await qbo.request<{ QueryResponse: { Item?: { Id: string; Name: string }[] } }>('GET', 'query', { params: { query: 'select * from Item maxresults 1000' } }),
      await qbo.request<{ QueryResponse: { Account?: { Id: string; Name: string; AccountType: string }[] } }>('GET', 'query', { params: { query: 'select * from Account maxresults 1000' } }),
    ];
    return {
      items: (items.QueryResponse.Item ?? []).map((i) => ({ id: i.Id, name: i.Name })),
      accounts: (accounts.QueryResponse.Account ?? []).map((a) => ({ id: a.Id, name: a.Name, type: a.AccountType })),
    };
  } catch (error) {
    if (!(error instanceof QuickBooksFault)) throw error;
    // Said as the endpoint's other messages are, a sentence of what is wrong and what to do; a refused
    // connection in the same words as the screen's broken connection.
    if (error.kind === 'auth') {
      const reason = brokenReason(error);
      await markBroken(sql, reason, now);
      throw new AppError('unavailable', reason);
    }
    throw new AppError('unavailable', `QuickBooks did not give its items and accounts (${error.message}): try again in a few minutes.`);
  }
}

/**
 * Wraps a function so that a change it made is sent to QuickBooks right after it answers (the
 * queue's items were written in the change's own transaction). Does nothing without the Intuit app's
 * variables; whatever fails waits for housekeeping. The wrapped function's own properties (an admin
 * route's access list) are kept.
 */
export function syncAfterChanges<H extends (req: Request, context: never) => Promise<Response>>(fn: H): H {
  const wrapped = async (req: Request, context: never) => {
    const response = await fn(req, context);
    if (req.method !== 'GET' && response.ok && intuitApp()) await sendAccountingSoon(db(), new Date());
    return response;
  };
  return Object.assign(wrapped, fn) as unknown as H;
}
