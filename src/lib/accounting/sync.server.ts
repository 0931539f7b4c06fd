import { adjustmentPriceLine } from '../pricing';
import { getBookingView } from '../booking/index.server';
import { getSettings, isDemoBusiness } from '../business/index.server';
import { type Database, db, type Sql } from '../db/index.server';
import { AppError } from '../http';
import { centsToDecimal } from '../money';
import { businessClock, type BusinessClock } from '../time';
import { creditForfeit } from './credit-forfeit';
import { type AccountingMapping, accountingMappingSchema, depositAccountFor } from './accounting-mapping';
import { intuitApp } from './intuit-oauth.server';
import { QuickBooksFault } from './quickbooks-faults';
import {
  cancelledInvoice,
  centsFromQuickBooks,
  cancelledLine,
  creditMemoObject,
  creditPaymentChange,
  creditPaymentObject,
  customerObject,
  depositIncomeEntry,
  forfeitInvoiceObject,
  heldDepositObject,
  heldRefundEntry,
  invoiceChange,
  invoiceObject,
  type InvoiceSource,
  paymentObject,
  payoutDepositObject,
  PayoutMismatch,
  queryLiteral,
  refundReceiptObject,
} from './quickbooks-objects';
import { brokenReason, type ConnectionRow, markBroken, QuickBooksSession } from './quickbooks-session.server';
import { payoutRow, payoutTransactions } from './payouts.server';

/**
 * Sends the accounting queue (filled by the database's triggers, in each change's own transaction):
 * right after a change and from housekeeping every 5 minutes. One sender at a time (a lease on the
 * connection row). A booking's items go in order (customer, invoice, then as they happened); an item
 * that failed holds back that booking's later items only. Exactly once: each item's QuickBooks
 * request id is fixed when it is queued, so a retry after a lost answer gets QuickBooks' first answer,
 * and what each record became in QuickBooks is stored (accounting_objects) with the item's "sent".
 */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 10;
/** 1, 2, 4 … minutes after each failed attempt, at most 6 hours. */
export const accountingBackoffMinutes = (attempt: number) => Math.min(2 ** Math.max(0, attempt - 1), 360);

export interface QueueItem {
  id: string;
  seq: string;
  booking_id: string | null;
  customer_id: string | null;
  kind: 'customer' | 'invoice' | 'invoice_change' | 'payment' | 'refund' | 'credit' | 'cancellation' | 'deposit_income' | 'payout' | 'credit_forfeit';
  source_id: string | null;
  request_id: string;
  status: 'waiting' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  not_before: Date | null;
}

interface Sent {
  qboType: string | null;
  qboId: string | null;
  objects: { key: string; type: string; id: string; syncToken: string; amountCents?: number; postedAs?: 'liability' | 'invoice' }[];
}

/** A problem of the site's own records or mapping, shown on the item like QuickBooks' faults. */
class ItemProblem extends Error {
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

interface Context {
  sql: Sql;
  qbo: QuickBooksSession;
  mapping: AccountingMapping;
  defer: boolean;
  clock: BusinessClock;
  now: Date;
}

type QboRecord = { Id: string; SyncToken: string };

async function object(sql: Sql, key: string): Promise<{ qbo_id: string; sync_token: string; amount_cents: number | null; posted_as: string | null } | undefined> {
  const [row] = await sql<{ qbo_id: string; sync_token: string; amount_cents: number | null; posted_as: string | null }[]>`
    select qbo_id, sync_token, amount_cents, posted_as from accounting_objects where local_key = ${key}`;
  return row;
}

/** Each step of an item has its own request id, derived from the item's, so a retry repeats the same ids. */
const stepId = (item: QueueItem, step: string) => (step === 'main' ? item.request_id : `${item.request_id}-${step}`);

async function create(ctx: Context, entity: string, body: unknown, requestId: string): Promise<QboRecord> {
  const answer = await ctx.qbo.request<Record<string, QboRecord>>('POST', entity.toLowerCase(), { body, requestId });
  const record = answer[entity];
  if (!record) throw new QuickBooksFault('unavailable', `QuickBooks answered without the ${entity}.`, 200);
  return record;
}

/** The customer in QuickBooks: the one already linked, else one with the same e-mail, else a new one. */
async function ensureCustomer(ctx: Context, item: QueueItem, customerId: string, sent: Sent): Promise<string> {
  const key = `customer:${customerId}`;
  const known = await object(ctx.sql, key);
  if (known) return known.qbo_id;
  const [customer] = await ctx.sql<{ name: string; email: string; phone: string }[]>`select name, email, phone from customers where id = ${customerId}`;
  if (!customer) throw new ItemProblem('The customer no longer exists.');
  const found = await ctx.qbo.request<{ QueryResponse: { Customer?: QboRecord[] } }>('GET', 'query', {
    params: { query: `select * from Customer where PrimaryEmailAddr = ${queryLiteral(customer.email)}` },
  });
  const record = found.QueryResponse.Customer?.[0] ?? (await create(ctx, 'Customer', customerObject(customer), stepId(item, 'c')));
  await saveObjects(ctx.sql, [{ key, type: 'Customer', id: record.Id, syncToken: record.SyncToken }]);
  sent.objects.push({ key, type: 'Customer', id: record.Id, syncToken: record.SyncToken });
  return record.Id;
}

async function invoiceSource(ctx: Context, bookingId: string, customerQboId: string): Promise<InvoiceSource & { eventStart: Date }> {
  const settings = await getSettings(ctx.sql);
  const view = await getBookingView(ctx.sql, { id: bookingId }, settings);
  if (!view) throw new ItemProblem('The booking no longer exists.');
  // The sale's moment: its confirmation. A booking never confirmed gets an invoice only when money was
  // taken for it (a part payment, then cancelled before the deposit was complete): dated by the first
  // payment, the day it came in, so the invoice and that payment share a day and a period
  // (docs/decisions.md). Its creation is the last resort (a payment no longer on record).
  const [row] = await ctx.sql<{ event_start: Date; sold_at: Date }[]>`
    select b.event_start, coalesce(b.confirmed_at,
      (select min(p.created_at) from payments p where p.booking_id = b.id and p.kind <> 'refund' and p.status = 'succeeded'), b.created_at) as sold_at
    from bookings b where b.id = ${bookingId}`;
  const categories = await ctx.sql<{ slug: string; category_id: string | null }[]>`
    select p.slug, p.category_id from booking_items i join products p on p.id = i.product_id where i.booking_id = ${bookingId}`;
  const categoryOf = new Map(categories.map((c) => [c.slug, c.category_id]));
  const serviceDate = view.event.date;
  const t = view.totals;
  return {
    bookingNumber: view.number,
    customerQboId,
    // The sale's day, not the day it reached QuickBooks: a connection down for a week or a mapping
    // finished later must not move it into another period.
    txnDate: ctx.defer ? serviceDate : ctx.clock.dateOf(row!.sold_at),
    serviceDate,
    items: view.items.map((i) => ({ ...i, categoryId: categoryOf.get(i.product) ?? null })),
    discountCents: t.discountCents,
    couponCode: t.couponCode,
    damageWaiverCents: t.damageWaiverCents,
    deliveryFeeCents: t.deliveryFeeCents,
    extraLines: [
      ...view.site.charges.map((c) => ({ label: c.label, cents: c.cents, kind: 'site' as const })),
      ...view.adjustments.map((a) => ({ label: adjustmentPriceLine(a).label, cents: a.cents, kind: 'adjustment' as const })),
    ],
    taxCents: t.taxCents,
    totalCents: t.totalCents,
    email: view.customer.email,
    eventStart: row!.event_start,
  };
}

async function bookingCustomer(ctx: Context, item: QueueItem, sent: Sent): Promise<string> {
  if (!item.customer_id) throw new ItemProblem('The item has no customer.');
  return ensureCustomer(ctx, item, item.customer_id, sent);
}

/**
 * The QuickBooks customer all of a booking's records name (`qbo_customer:booking:<id>`), or a credit's
 * memo and what closes it (`qbo_customer:credit:<id>`): the one named first, kept. Two customers merged
 * on the site stay two in QuickBooks, so a moved booking's invoice and deposits, and a moved credit's
 * memo, stay on the removed customer's record; a Payment must name the customer of the invoice and memos
 * it links, and a journal entry the one its deposits were held for (docs/decisions.md). Kept with the
 * item's "sent" (an invoice's at once, with the invoice), so an item that made nothing pins nothing.
 */
async function pinnedCustomer(ctx: Context, item: QueueItem, sent: Sent, key: string): Promise<string> {
  const pinned = await object(ctx.sql, key);
  if (pinned) return pinned.qbo_id;
  const id = await bookingCustomer(ctx, item, sent);
  pin(sent, key, id);
  return id;
}

/** The customer a record was made for, as QuickBooks answered: a retry after a merge gets the first answer back, made for the customer of then. */
function pin(sent: Sent, key: string, id: string, record?: QboRecord): { key: string; type: string; id: string; syncToken: string } {
  const owner = { key, type: 'Customer', id: (record as { CustomerRef?: { value?: string } } | undefined)?.CustomerRef?.value ?? id, syncToken: '0' };
  sent.objects = [...sent.objects.filter((o) => o.key !== key), owner];
  return owner;
}

const bookingQboCustomer = (ctx: Context, item: QueueItem, sent: Sent) => pinnedCustomer(ctx, item, sent, `qbo_customer:booking:${item.booking_id}`);
const creditQboCustomer = (ctx: Context, item: QueueItem, sent: Sent) => pinnedCustomer(ctx, item, sent, `qbo_customer:credit:${item.source_id}`);

/** The booking's invoice in QuickBooks, created with this item's request id when it is not there yet. */
async function ensureInvoice(ctx: Context, item: QueueItem, sent: Sent): Promise<{ id: string; syncToken: string; created: boolean }> {
  const key = `invoice:${item.booking_id}`;
  const known = await object(ctx.sql, key);
  if (known) return { id: known.qbo_id, syncToken: known.sync_token, created: false };
  const customer = await bookingQboCustomer(ctx, item, sent);
  const source = await invoiceSource(ctx, item.booking_id!, customer);
  const record = await create(ctx, 'Invoice', invoiceObject(source, ctx.mapping), stepId(item, item.kind === 'invoice' ? 'main' : 'i'));
  await saveObjects(ctx.sql, [{ key, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: source.totalCents }, pin(sent, `qbo_customer:booking:${item.booking_id}`, customer, record)]);
  sent.objects.push({ key, type: 'Invoice', id: record.Id, syncToken: record.SyncToken });
  return { id: record.Id, syncToken: record.SyncToken, created: true };
}

/**
 * A sparse update (or an operation) of a record; on a stale SyncToken (someone edited it in QuickBooks)
 * read it and try once more. `step` names the request when an item changes more than one record.
 */
async function updateRecord(ctx: Context, item: QueueItem, entity: 'Invoice' | 'Payment', record: { id: string; syncToken: string }, body: (syncToken: string) => unknown, operation?: 'void' | 'delete', step = 'main'): Promise<QboRecord> {
  const params: Record<string, string> = operation ? { operation } : {};
  const resource = entity.toLowerCase();
  try {
    const answer = await ctx.qbo.request<Record<string, QboRecord>>('POST', resource, { body: body(record.syncToken), params, requestId: stepId(item, step) });
    return answer[entity]!;
  } catch (error) {
    if (!(error instanceof QuickBooksFault) || error.kind !== 'stale') throw error;
    const current = (await ctx.qbo.request<Record<string, QboRecord>>('GET', `${resource}/${record.id}`))[entity]!;
    const retry = step === 'main' ? `s${current.SyncToken}` : `${step}-s${current.SyncToken}`;
    const answer = await ctx.qbo.request<Record<string, QboRecord>>('POST', resource, { body: body(current.SyncToken), params, requestId: stepId(item, retry) });
    return answer[entity]!;
  }
}

const updateInvoice = (ctx: Context, item: QueueItem, invoice: { id: string; syncToken: string }, body: (syncToken: string) => unknown, operation?: 'void', step?: string) =>
  updateRecord(ctx, item, 'Invoice', invoice, body, operation, step);

const voidBody = (id: string) => (token: string) => ({ Id: id, SyncToken: token });

/**
 * What Payments apply to an invoice in QuickBooks now, in cents: its total less its balance (card or
 * cash payments, zero ones applying credit memos, and any the owner applied there by hand). Read from
 * QuickBooks, not worked out from the site's records, because QuickBooks judges a void by its own.
 */
async function appliedToInvoice(ctx: Context, invoiceQboId: string): Promise<number> {
  const { Invoice: invoice } = await ctx.qbo.request<{ Invoice: QboRecord & { TotalAmt?: number | string; Balance?: number | string } }>('GET', `invoice/${invoiceQboId}`);
  return Math.max(0, centsFromQuickBooks(invoice.TotalAmt) - centsFromQuickBooks(invoice.Balance));
}

/** A cancelled booking's invoice left at `cents` (one line saying why), or voided when that is nothing. */
function settleCancelledInvoice(ctx: Context, item: QueueItem, invoice: { id: string; syncToken: string }, cents: number, date: string, description: string, step?: string) {
  return cents > 0
    ? updateInvoice(ctx, item, invoice, (token) => cancelledInvoice(invoice.id, token, cents, date, ctx.mapping, description), undefined, step)
    : updateInvoice(ctx, item, invoice, voidBody(invoice.id), 'void', step);
}

async function cancelledBooking(ctx: Context, bookingId: string): Promise<{ kept: number; date: string }> {
  const [booking] = await ctx.sql<{ kept: number | null; cancelled_at: Date | null }[]>`select cancellation_kept_cents as kept, cancelled_at from bookings where id = ${bookingId}`;
  return { kept: booking?.kept ?? 0, date: ctx.clock.dateOf(booking?.cancelled_at ?? ctx.now) };
}

/**
 * Credit given back to its credits after the booking's cancellation was sent: the cancellation left
 * the invoice at what was kept, or at what was applied to it then, and either counted this credit.
 * Now the customer holds it again (its memo open), so the invoice comes down by as much, or is voided
 * when nothing is left: left as it was, it would owe what is the customer's credit. A return sent
 * before the cancellation needs none of this: the cancellation reads what is applied when it goes.
 */
async function lowerCancelledInvoice(ctx: Context, item: QueueItem, lessCents: number, sent: Sent): Promise<void> {
  if (lessCents <= 0) return;
  const [cancellation] = await ctx.sql`select 1 from accounting_queue where dedupe_key = ${`cancellation:${item.booking_id}`} and status = 'sent'`;
  if (!cancellation) return;
  const key = `invoice:${item.booking_id}`;
  const known = await object(ctx.sql, key);
  if (!known || !known.amount_cents || known.amount_cents <= 0) return;
  const { kept, date } = await cancelledBooking(ctx, item.booking_id!);
  const cents = Math.max(0, known.amount_cents - lessCents);
  const invoice = { id: known.qbo_id, syncToken: known.sync_token };
  const record = await settleCancelledInvoice(ctx, item, invoice, cents, date, kept > 0 ? cancelledLine.keptLessCredit : cancelledLine.paidBack, 'ci');
  sent.objects.push({ key, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
}

/**
 * What a credit payment still takes from each credit, in cents: what it drew from it less what its
 * refunds gave back to that same credit (restoreCreditIn's negative uses). What a refund moved into a
 * new credit instead (a cancellation's credit, a credit that had lapsed) stays spent here: the new
 * credit has its own memo, as money moved into a credit does.
 */
async function creditStillApplied(sql: Sql, paymentId: string): Promise<{ creditId: string; cents: number }[]> {
  // Less what was moved from the old credit's memo to a new credit's before this payment was sent
  // (restoredMemoParts): that part of the old memo is closed in QuickBooks already.
  return sql<{ creditId: string; cents: number }[]>`
    with used as (
      select u.credit_id, sum(u.amount_cents)::int as cents, min(u.created_at) as first
      from credit_uses u
      where u.payment_id = ${paymentId}
        or u.payment_id in (select r.id from payments r where r.refund_of = ${paymentId} and r.kind = 'refund' and r.status = 'succeeded')
      group by u.credit_id),
    moved as (
      select s.from_credit_id as credit_id, sum(o.amount_cents)::int as cents
      from credit_restorations s join payments r on r.id = s.refund_id
        join accounting_objects o on o.local_key = 'credit_restored:' || s.credit_id || ':' || s.from_credit_id
      where r.refund_of = ${paymentId}
      group by s.from_credit_id)
    select used.credit_id as "creditId", (used.cents - coalesce(moved.cents, 0))::int as cents
    from used left join moved on moved.credit_id = used.credit_id
    where used.cents - coalesce(moved.cents, 0) > 0
    order by used.first, used.credit_id`;
}

/**
 * A new credit that stands in for credit spent from credits since expired or voided (restoreCreditIn):
 * when that spending never reached QuickBooks (credit spent on a website hold that lapsed: its payment
 * waits for a sale that never came), the old credit's memo there still has that part open, and the new
 * credit's own memo would hold it a second time. That part of the old memo is closed by a transfer, the
 * same records as a move between customers (moveCredits): an invoice of it to the old memo's customer on
 * the adjustments item and the old memo applied to it by a zero payment; the new memo on the same item
 * takes it up, so income nets to zero and the customer holds in QuickBooks what the site says. Spending
 * that was applied in QuickBooks used the old memo itself, and the new memo is then the customer's credit
 * as any money moved into a credit is: nothing is moved.
 */
async function restoredMemoParts(ctx: Context, item: QueueItem, date: string, sent: Sent): Promise<void> {
  const parts = await ctx.sql<{ fromId: string; cents: number }[]>`
    select s.from_credit_id as "fromId", s.amount_cents as cents
    from credit_restorations s join payments r on r.id = s.refund_id
    where s.credit_id = ${item.source_id}
      -- Never applied in QuickBooks. (A spending queued and not sent yet is on this credit's booking, as this
      -- item is, so it goes first when it was queued first; queued later, it applies the old memo net of
      -- what this moved: creditStillApplied.)
      and not exists (select 1 from accounting_objects o where o.local_key = 'payment:' || r.refund_of::text)
    order by s.from_credit_id`;
  for (const [n, part] of parts.entries()) {
    const key = `credit_restored:${item.source_id}:${part.fromId}`;
    if (await object(ctx.sql, key)) continue;
    const memo = await object(ctx.sql, `credit:${part.fromId}`);
    if (!memo) {
      const [queued] = await ctx.sql`select 1 from accounting_queue where dedupe_key = ${`credit:${part.fromId}`}`;
      if (queued) throw new ItemProblem('Waiting for the memo of the credit this one stands in for to reach QuickBooks first.', true);
      // Issued before QuickBooks was connected: nothing of it is open there.
      continue;
    }
    const owner = (await object(ctx.sql, `qbo_customer:credit:${part.fromId}`))?.qbo_id;
    if (!owner) throw new ItemProblem(`The QuickBooks customer of credit memo ${memo.qbo_id} is not known: close ${centsToDecimal(part.cents)} of it there by hand.`);
    const note = `Store credit moved from credit memo ${memo.qbo_id} to the credit given back in its place (the credit had expired or been voided when credit spent from it came back)`;
    const invoice = await create(ctx, 'Invoice', forfeitInvoiceObject({ customerQboId: owner, cents: part.cents, date, itemId: ctx.mapping.adjustmentsItem, description: 'Store credit moved to a new credit', note }), stepId(item, `r${n}i`));
    let closing: QboRecord;
    try {
      closing = await create(ctx, 'Payment', creditPaymentObject({ customerQboId: owner, invoiceQboId: invoice.Id, memos: [{ qboId: memo.qbo_id, cents: part.cents }], date, note }), stepId(item, `r${n}p`));
    } catch (error) {
      if (!(error instanceof QuickBooksFault) || error.kind !== 'validation') throw error;
      throw new ItemProblem(`Credit memo ${memo.qbo_id} has less than ${centsToDecimal(part.cents)} open in QuickBooks (changed there by hand?), so that part of it cannot be moved to this credit: ${error.message}`);
    }
    sent.objects.push(
      { key, type: 'Invoice', id: invoice.Id, syncToken: invoice.SyncToken, amountCents: part.cents },
      { key: `${key}:payment`, type: 'Payment', id: closing.Id, syncToken: closing.SyncToken, amountCents: part.cents },
    );
  }
}

async function creditMemos(ctx: Context, applied: { creditId: string; cents: number }[]) {
  const memos = [];
  for (const use of applied) {
    const memo = await object(ctx.sql, `credit:${use.creditId}`);
    if (!memo) throw new ItemProblem('The credit spent here was issued before QuickBooks was connected: apply it in QuickBooks by hand, then mark this item sent by sending again from a later date.');
    memos.push({ qboId: memo.qbo_id, cents: use.cents });
  }
  return memos;
}

/**
 * Credit spent on a booking whose records are on another QuickBooks customer than the credit's memo (two
 * customers merged on the site, never in QuickBooks): a Payment cannot apply one customer's memo to
 * another's invoice, so what is open of the memo (read from QuickBooks) moves to the booking's customer
 * first: an invoice of it to the memo's customer on the adjustments item (the memo's own), a new memo of
 * it to the booking's customer, which becomes the credit's memo, then the old memo applied to that
 * invoice by a zero payment. Income nets to zero; each step has its own request id, so a retry gets the
 * same records back, and the amount is kept once the invoice is made (the old memo is closed after). A memo
 * with less open than is spent here (nothing, say: applied by hand in QuickBooks) moves nothing and fails
 * the item saying so (docs/decisions.md).
 */
async function moveCredits(ctx: Context, item: QueueItem, applied: { creditId: string; cents: number }[], customer: string, date: string): Promise<void> {
  for (const [n, { creditId, cents: needed }] of applied.entries()) {
    const memo = await object(ctx.sql, `credit:${creditId}`);
    const owner = await object(ctx.sql, `qbo_customer:credit:${creditId}`);
    if (!memo || !owner || owner.qbo_id === customer) continue;
    const key = `credit_move:${creditId}:${memo.qbo_id}`;
    // A retry after the invoice was made moves what the first attempt did (the old memo may be closed by now).
    const started = await object(ctx.sql, key);
    let cents = started?.amount_cents ?? 0;
    if (!started) {
      const current = await ctx.qbo.request<{ CreditMemo: { RemainingCredit?: number } }>('GET', `creditmemo/${memo.qbo_id}`);
      cents = centsFromQuickBooks(current.CreditMemo.RemainingCredit);
      // Nothing is made for what cannot be applied (nothing open, or less than is spent here): a transfer
      // of it would leave the spending's payment to be refused anyway.
      if (cents < needed) {
        throw new ItemProblem(
          `Credit memo ${memo.qbo_id} (QuickBooks customer ${owner.qbo_id}) has ${centsToDecimal(cents)} open in QuickBooks, less than the ${centsToDecimal(needed)} of its credit spent here, so it cannot be moved to this booking's customer and applied: see what closed it there (changed by hand?), then retry.`,
        );
      }
    }
    if (cents <= 0) continue;
    const note = `Store credit moved from credit memo ${memo.qbo_id} to the customer it is spent by (the two were merged on the website)`;
    const invoiceBody = forfeitInvoiceObject({ customerQboId: owner.qbo_id, cents, date, itemId: ctx.mapping.adjustmentsItem, description: 'Store credit moved to another customer record (customers merged)', note });
    const invoice = await create(ctx, 'Invoice', invoiceBody, stepId(item, `m${n}i`));
    if (!started) await saveObjects(ctx.sql, [{ key, type: 'Invoice', id: invoice.Id, syncToken: invoice.SyncToken, amountCents: cents }]);
    const moved = await create(ctx, 'CreditMemo', creditMemoObject({ customerQboId: customer, cents, date, mapping: ctx.mapping, note }), stepId(item, `m${n}c`));
    const closing = await create(ctx, 'Payment', creditPaymentObject({ customerQboId: owner.qbo_id, invoiceQboId: invoice.Id, memos: [{ qboId: memo.qbo_id, cents }], date, note }), stepId(item, `m${n}p`));
    await saveObjects(ctx.sql, [
      { key: `${key}:payment`, type: 'Payment', id: closing.Id, syncToken: closing.SyncToken, amountCents: cents },
      { key: `credit:${creditId}:before:${moved.Id}`, type: 'CreditMemo', id: memo.qbo_id, syncToken: memo.sync_token, ...(memo.amount_cents === null ? {} : { amountCents: memo.amount_cents }) },
      { key: `credit:${creditId}`, type: 'CreditMemo', id: moved.Id, syncToken: moved.SyncToken, amountCents: cents },
      { key: `qbo_customer:credit:${creditId}`, type: 'Customer', id: customer, syncToken: '0' },
    ]);
  }
}

/**
 * Credits that expired with some of it left, queued to be written off in QuickBooks (an expiry is no
 * change of a row, so no trigger sees it: the sender looks at each run). Only those whose memo was sent
 * or queued, never the demo's; once each (its dedupe key, or what it became in QuickBooks after a
 * reconnection cleared the keys).
 */
async function queueExpiredCredits(sql: Sql, today: string): Promise<void> {
  await sql`
    insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
    select c.source_booking_id, c.customer_id, 'credit_forfeit', 2, c.id, 'credit_forfeit:' || c.id
    from customer_credits c
    where c.expires_on < ${today}::date and c.voided_at is null and c.remaining_cents > 0
      and (exists (select 1 from accounting_objects o where o.local_key = 'credit:' || c.id)
        or exists (select 1 from accounting_queue q where q.dedupe_key = 'credit:' || c.id))
      and not exists (select 1 from accounting_queue q where q.dedupe_key = 'credit_forfeit:' || c.id)
      and not exists (select 1 from accounting_objects o where o.local_key = 'credit_forfeit:' || c.id)
      and not exists (select 1 from bookings b where b.id = c.source_booking_id and b.demo)
    order by c.expires_on, c.created_at, c.id
    on conflict (dedupe_key) do nothing`;
}

/** A booking's states in which a payment of it belongs on its invoice: sold (confirmed and after), or cancelled. */
const SOLD_OR_CANCELLED = ['confirmed', 'out_for_delivery', 'delivered', 'completed', 'cancelled'];

async function payment(ctx: Context, id: string) {
  const [row] = await ctx.sql<{ kind: string; method: string; amount_cents: number; returned: number; created_at: Date; refund_of: string | null; booking_id: string; event_start: Date; number: string; status: string }[]>`
    select p.kind, p.method, p.amount_cents, p.created_at, p.refund_of, p.booking_id, b.event_start, b.number, b.status,
      (select coalesce(sum(r.amount_cents), 0)::int from payments r where r.refund_of = p.id and r.status = 'succeeded') as returned
    from payments p join bookings b on b.id = p.booking_id where p.id = ${id}`;
  if (!row) throw new ItemProblem('The payment no longer exists.');
  return row;
}

/**
 * Deposits still held for a booking in the liability account, in cents: those posted there, less the
 * refunds taken out of it and less what its party's day or its cancellation moved to income
 * (deposit_income), which is no longer in the liability to give back.
 */
async function heldCents(sql: Sql, bookingId: string): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`
    select (coalesce(sum(case when p.kind = 'refund' then -o.amount_cents else o.amount_cents end), 0)
      - coalesce((select amount_cents from accounting_objects where local_key = 'deposit_income:' || ${bookingId}::text), 0))::int as cents
    from payments p join accounting_objects o on o.local_key in ('payment:' || p.id, 'refund:' || p.id)
    where p.booking_id = ${bookingId} and o.posted_as = 'liability'`;
  return Math.max(0, row?.cents ?? 0);
}

/**
 * What of a booking's deposits held in the liability was moved into a customer credit, in cents (a
 * cancellation in the credit tier, a rain check: refunds of method 'credit' of payments posted there).
 * No money goes back, so no refund takes it out of the liability: the cancellation's deposit_income
 * moves it to A/R for the customer, where the new credit's memo holds it.
 */
async function heldMovedToCredit(sql: Sql, bookingId: string): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`
    select coalesce(sum(r.amount_cents), 0)::int as cents
    from payments r join accounting_objects o on o.local_key = 'payment:' || r.refund_of::text
    where r.booking_id = ${bookingId} and r.kind = 'refund' and r.method = 'credit' and r.status = 'succeeded' and o.posted_as = 'liability'`;
  return row?.cents ?? 0;
}

/**
 * Credit spent on a booking and given back to the credits it came from (queued only once the spending
 * was): the zero payment that applied their memos to the invoice is changed to apply only what is still
 * spent, or deleted when nothing is, so the invoice is owed again and each memo is open again for what
 * the customer holds, as the site shows them. No money moved, so nothing else is sent; QuickBooks'
 * customer balance is the same either way, only what is open on which record changes.
 */
async function creditReturned(ctx: Context, item: QueueItem, refund: Awaited<ReturnType<typeof payment>>, sent: Sent) {
  if (!refund.refund_of) return;
  const key = `payment:${refund.refund_of}`;
  const known = await object(ctx.sql, key);
  // Nothing of it was applied in QuickBooks (a hold's credit, or all of it given back before it was sent).
  if (!known || !known.qbo_id || known.amount_cents === 0) return;
  const applied = await creditStillApplied(ctx.sql, refund.refund_of);
  const cents = applied.reduce((sum, a) => sum + a.cents, 0);
  // A refund moved into a new credit (its own memo) leaves the spending as it was.
  if (cents === known.amount_cents) return;
  const application = { id: known.qbo_id, syncToken: known.sync_token };
  let record: QboRecord;
  if (cents === 0) {
    record = await updateRecord(ctx, item, 'Payment', application, (token) => ({ Id: application.id, SyncToken: token }), 'delete');
  } else {
    const invoice = await object(ctx.sql, `invoice:${item.booking_id}`);
    if (!invoice) throw new ItemProblem('The booking’s invoice is not in QuickBooks, so its credit cannot be taken off it.');
    // A credit moved to another QuickBooks customer since it was spent here (moveCredits) has its memo there now.
    const customer = await object(ctx.sql, `qbo_customer:booking:${item.booking_id}`);
    for (const use of applied) {
      const owner = await object(ctx.sql, `qbo_customer:credit:${use.creditId}`);
      if (customer && owner && owner.qbo_id !== customer.qbo_id) {
        throw new ItemProblem(`The credit given back has moved to another QuickBooks customer since it was spent (two customers were merged): change payment ${application.id} in QuickBooks by hand.`);
      }
    }
    const memos = await creditMemos(ctx, applied);
    record = await updateRecord(ctx, item, 'Payment', application, (token) => creditPaymentChange(application.id, token, invoice.qbo_id, memos));
  }
  sent.objects.push({ key, type: 'Payment', id: application.id, syncToken: record.SyncToken ?? known.sync_token, amountCents: cents });
  // (What it applied before, when known: a row from before the amounts were stored has none.)
  if (known.amount_cents !== null) await lowerCancelledInvoice(ctx, item, known.amount_cents - cents, sent);
  return Object.assign(sent, { qboType: 'Payment', qboId: application.id });
}

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
      const earned = (await object(ctx.sql, `deposit_income:${item.booking_id}`))?.amount_cents ?? 0;
      const [refunds] = await ctx.sql<{ cents: number }[]>`
        select coalesce(sum(o.amount_cents), 0)::int as cents
        from payments p join accounting_objects o on o.local_key in ('refund:' || p.id, 'refund:' || p.id || ':income')
        where p.booking_id = ${item.booking_id} and o.qbo_type = 'RefundReceipt'`;
      const paid = (await appliedToInvoice(ctx, invoice.id)) + earned;
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
    const earned = (await object(ctx.sql, `deposit_income:${item.booking_id}`))?.amount_cents ?? 0;
    const paid = (await appliedToInvoice(ctx, invoice.id)) + earned;
    const cents = Math.max(kept, paid);
    const line = kept > 0 ? (cents > kept ? cancelledLine.keptAndPaidBack : cancelledLine.kept) : cancelledLine.paidBack;
    const record = await settleCancelledInvoice(ctx, item, invoice, cents, date, line);
    sent.objects.push({ key: `invoice:${item.booking_id}`, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
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
    const date = ctx.clock.dateOf(booking.status === 'cancelled' ? (booking.cancelled_at ?? ctx.now) : booking.event_start);
    const record = await create(ctx, 'JournalEntry', depositIncomeEntry({ customerQboId: customer, cents, date, mapping: ctx.mapping, bookingNumber: booking.number }), stepId(item, 'main'));
    sent.objects.push({ key, type: 'JournalEntry', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
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

async function saveObjects(sql: Sql, objects: Sent['objects']): Promise<void> {
  for (const o of objects) {
    await sql`
      insert into accounting_objects (local_key, qbo_type, qbo_id, sync_token, amount_cents, posted_as, updated_at)
      values (${o.key}, ${o.type}, ${o.id}, ${o.syncToken}, ${o.amountCents ?? null}, ${o.postedAs ?? null}, now())
      on conflict (local_key) do update set qbo_id = excluded.qbo_id, sync_token = excluded.sync_token,
        amount_cents = coalesce(excluded.amount_cents, accounting_objects.amount_cents), posted_as = coalesce(excluded.posted_as, accounting_objects.posted_as), updated_at = now()`;
  }
}

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
    const open = await sql<QueueItem[]>`
      select id, seq::text, booking_id, customer_id, kind, source_id, request_id, status, attempts, next_attempt_at, not_before
      from accounting_queue where status <> 'sent' order by rank, seq limit ${options.limit ?? 500}`;
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
    if (error instanceof QuickBooksFault && error.kind === 'auth') await markBroken(sql, brokenReason(error), now);
    if (error instanceof QuickBooksFault) throw new AppError('unavailable', `QuickBooks: ${error.message}`);
    throw error;
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
