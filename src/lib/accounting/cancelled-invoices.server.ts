/**
 * A cancelled booking's invoice in QuickBooks: what is applied to it there, left at what was kept or paid
 * (or voided), lowered again when credit spent on it goes back to its credits; and the deposits a booking
 * still holds in the liability account.
 */
import type { Sql } from '../db/index.server';
import { isClosedPeriod } from './quickbooks-faults';
import { adjustmentsLine, cancelledInvoice, cancelledLine, centsFromQuickBooks, closedPeriodMemo, creditPaymentObject, depositLinkObject, forfeitInvoiceObject, linesTotal } from './quickbooks-objects';
import { booksClosedThrough, type Context, create, object, openDate, type QboRecord, type QueueItem, saveObjects, type Sent, stepId, updateInvoice } from './sync-context.server';

const voidBody = (id: string) => (token: string) => ({ Id: id, SyncToken: token });

/**
 * What Payments apply to an invoice in QuickBooks now, in cents: its total less its balance (card or
 * cash payments, zero ones applying credit memos, and any the owner applied there by hand). Read from
 * QuickBooks, not worked out from the site's records, because QuickBooks judges a void by its own.
 */
export async function appliedToInvoice(ctx: Context, invoiceQboId: string): Promise<number> {
  const { Invoice: invoice } = await ctx.qbo.request<{ Invoice: QboRecord & { TotalAmt?: number | string; Balance?: number | string } }>('GET', `invoice/${invoiceQboId}`);
  return Math.max(0, centsFromQuickBooks(invoice.TotalAmt) - centsFromQuickBooks(invoice.Balance));
}

/**
 * What is paid on a booking's invoice, in cents: what Payments apply to it in QuickBooks, and the deposits
 * held that a journal entry moved from the liability to A/R for it (deposit_income) and no zero Payment
 * applies to it yet (once one does, that is counted among what Payments apply, not twice).
 */
export async function paidOnInvoice(ctx: Context, bookingId: string, invoiceQboId: string): Promise<number> {
  const earned = (await object(ctx.sql, `deposit_income:${bookingId}`))?.amount_cents ?? 0;
  // Less what a closed period's memo applies: that is the invoice coming down, not a payment.
  const applied = (await appliedToInvoice(ctx, invoiceQboId)) - (await closedPeriodCents(ctx.sql, bookingId, 'payment'));
  return applied + earned - (await depositsLinked(ctx.sql, bookingId));
}

/** The keys of the zero Payments applying a booking's deposits moved to A/R to its invoice: the party's day's (or the cancellation's move), and the cancellation's own. */
const linkKeys = (bookingId: string) => [`deposit_link:${bookingId}`, `deposit_link:${bookingId}:cancellation`];

/** What of the deposits moved to A/R zero Payments already apply to the booking's invoice, in cents. */
async function depositsLinked(sql: Sql, bookingId: string): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`select coalesce(sum(amount_cents), 0)::int as cents from accounting_objects where local_key = any(${linkKeys(bookingId)})`;
  return row?.cents ?? 0;
}

/**
 * Deposits held that a journal entry moved from the liability to A/R for the customer (the party's day,
 * a cancellation), applied to the booking's invoice by a zero Payment linking the two, so QuickBooks
 * does not show the invoice open beside an unapplied credit of the same amount (docs/decisions.md). At
 * most what the invoice has open and what of the entry is not applied yet. Kept at once (as an invoice
 * made on the way is): a retry of the item counts it among what is applied, and makes no second one.
 */
export async function linkDeposits(
  ctx: Context,
  item: QueueItem,
  link: { bookingId: string; number: string; invoiceQboId: string; entryQboId: string; entryCents: number; customerQboId: string; date: string },
  which: 'party' | 'cancellation',
  sent: Sent,
): Promise<void> {
  const key = linkKeys(link.bookingId)[which === 'party' ? 0 : 1]!;
  if (await object(ctx.sql, key)) return;
  const open = link.entryCents - (await depositsLinked(ctx.sql, link.bookingId));
  if (open <= 0) return;
  const { Invoice: invoice } = await ctx.qbo.request<{ Invoice: { Balance?: number | string } }>('GET', `invoice/${link.invoiceQboId}`);
  const cents = Math.min(open, centsFromQuickBooks(invoice.Balance));
  if (cents <= 0) return;
  const note = `Deposits held for booking ${link.number}, moved to Accounts Receivable by journal entry ${link.entryQboId}, applied to its invoice`;
  const body = depositLinkObject({ customerQboId: link.customerQboId, invoiceQboId: link.invoiceQboId, entryQboId: link.entryQboId, cents, date: link.date, note });
  const record = await create(ctx, 'Payment', body, stepId(item, 'l'));
  // What the first attempt applied, should this be a retry answered with it.
  const answered = (record as QboRecord & { Line?: { Amount?: number }[] }).Line?.[0]?.Amount;
  const applied = answered === undefined ? cents : centsFromQuickBooks(answered);
  const made = { key, type: 'Payment', id: record.Id, syncToken: record.SyncToken, amountCents: applied };
  await saveObjects(ctx.sql, [made]);
  sent.objects.push(made);
}

/**
 * Deposits a booking that sold nothing still held in the liability on its party's day (a hold that lapsed
 * keeping money staff took or Stripe's late deposit, not refunded by then; or a booking cancelled before it
 * was ever confirmed, with deposits held): the business keeps them. The journal entry moving them to A/R
 * would stand there as an unapplied credit, since there is no invoice; this is one, of what is kept, on the
 * adjustments item (as a cancellation's keeping is), dated the party's day, so the entry pays it and the kept
 * money is income. A refund after it comes back out of income by a refund receipt, as after any party.
 */
export async function keptWithoutSale(ctx: Context, item: QueueItem, kept: { customerQboId: string; cents: number; date: string; number: string }, sent: Sent): Promise<string> {
  const description = `Deposits kept for booking ${kept.number}: nothing was sold (the hold lapsed, or it was cancelled before it was confirmed)`;
  const body = forfeitInvoiceObject({ customerQboId: kept.customerQboId, cents: kept.cents, date: kept.date, itemId: ctx.mapping.adjustmentsItem, description, note: `Booking ${kept.number}` });
  const record = await create(ctx, 'Invoice', body, stepId(item, 'k'));
  sent.objects.push({ key: `deposit_kept:${item.booking_id}`, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: kept.cents });
  return record.Id;
}

type QboInvoice = QboRecord & { TxnDate?: string; DocNumber?: string; CustomerRef?: { value?: string }; TotalAmt?: number | string; Balance?: number | string; Line?: Record<string, unknown>[] };

/**
 * A cancelled booking's invoice left at `cents` (one line saying why), or voided when that is nothing. An
 * invoice dated in a period closed in QuickBooks is not changed (QuickBooks refuses it, and an accountant
 * would not reopen a filed period for it): closedPeriodChange posts the change in the first open one.
 */
export async function settleCancelledInvoice(ctx: Context, item: QueueItem, invoice: { id: string; syncToken: string }, cents: number, date: string, description: string, sent: Sent, step?: string): Promise<QboRecord> {
  const { Invoice: current } = await ctx.qbo.request<{ Invoice: QboInvoice }>('GET', `invoice/${invoice.id}`);
  const closed = await booksClosedThrough(ctx);
  if (closed !== null && current.TxnDate !== undefined && current.TxnDate <= closed) return closedPeriodChange(ctx, item, current, cents, await openDate(ctx, date), description, sent, step);
  try {
    return cents > 0
      ? await updateInvoice(ctx, item, invoice, (token) => cancelledInvoice(invoice.id, token, cents, date, ctx.mapping, description), undefined, step)
      : await updateInvoice(ctx, item, invoice, voidBody(invoice.id), 'void', step);
  } catch (error) {
    // Closed after the closing date was read, or by one QuickBooks does not show: the same, in the first open
    // day, by the closing date read again (the one read before is what did not show the closure).
    if (!isClosedPeriod(error)) throw error;
    ctx.booksClosed = undefined;
    const closedNow = await booksClosedThrough(ctx);
    return closedPeriodChange(ctx, item, current, cents, closedNow === null ? ctx.clock.today() : await openDate(ctx, date), description, sent, step);
  }
}

/**
 * The invoice brought down to `cents` in the first open period: a credit memo, dated `date`, of what it comes
 * down by (its lines taken off, item by item, tax too, less one line of what stays sold; or, after an earlier
 * such memo, one adjustments line of the difference), applied to the invoice by a zero Payment, so the
 * invoice owes what a changed one would and income moves in the period that is open. The invoice itself is
 * left as it was (`invoice:<id>` then keeps what it stands at, `cents`); each memo is kept under
 * `invoice:<id>:closed:<request id>` with what it took off.
 */
async function closedPeriodChange(ctx: Context, item: QueueItem, current: QboInvoice, cents: number, date: string, description: string, sent: Sent, step = 'main'): Promise<QboRecord> {
  // One per item and step: a cancellation's, then each lowering by credit given back.
  const key = `invoice:${item.booking_id}:closed:${stepId(item, step)}`;
  const customerQboId = current.CustomerRef?.value ?? '';
  const closed = await booksClosedThrough(ctx);
  const note = `Booking ${current.DocNumber ?? ''} cancelled: its invoice ${current.Id} is in a closed period${closed ? ` (books closed through ${closed})` : ''}, so it comes down by this memo instead`;
  // Kept at once, as an invoice made on the way is: a retry after a later step failed makes no second one.
  let memo = await object(ctx.sql, key);
  if (!memo) {
    const takenOff = await closedPeriodCents(ctx.sql, item.booking_id!, 'memo');
    const memoOf = (reversed: Record<string, unknown>[], keptCents: number) => closedPeriodMemo({ customerQboId, date, reversed, keptCents, description, mapping: ctx.mapping, note });
    const body =
      takenOff > 0
        ? memoOf([adjustmentsLine(ctx.mapping, description, centsFromQuickBooks(current.TotalAmt) - takenOff - cents, date)], 0)
        : memoOf((current.Line ?? []).filter((l) => l.DetailType === 'SalesItemLineDetail' || l.DetailType === 'DiscountLineDetail'), cents);
    const total = linesTotal(body.Line as Record<string, unknown>[]);
    if (total <= 0) return current;
    const record = await create(ctx, 'CreditMemo', body, stepId(item, `${step}-m`));
    await keep(ctx, sent, { key, type: 'CreditMemo', id: record.Id, syncToken: record.SyncToken, amountCents: total });
    memo = { qbo_id: record.Id, sync_token: record.SyncToken, amount_cents: total, posted_as: null };
  }
  const applied = Math.min(memo.amount_cents ?? 0, centsFromQuickBooks(current.Balance));
  if (applied > 0 && !(await object(ctx.sql, `${key}:payment`))) {
    const payment = await create(ctx, 'Payment', creditPaymentObject({ customerQboId, invoiceQboId: current.Id, memos: [{ qboId: memo.qbo_id, cents: applied }], date, note }), stepId(item, `${step}-a`));
    await keep(ctx, sent, { key: `${key}:payment`, type: 'Payment', id: payment.Id, syncToken: payment.SyncToken, amountCents: applied });
  }
  return current;
}

async function keep(ctx: Context, sent: Sent, made: Sent['objects'][number]) {
  await saveObjects(ctx.sql, [made]);
  sent.objects.push(made);
}

/** What closed-period memos took off a booking's invoice (`memo`), or what their zero Payments apply to it (`payment`), in cents. */
async function closedPeriodCents(sql: Sql, bookingId: string, which: 'memo' | 'payment'): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`
    select coalesce(sum(amount_cents), 0)::int as cents from accounting_objects
    where local_key like ${`invoice:${bookingId}:closed:%`} and (local_key like '%:payment') = ${which === 'payment'}`;
  return row?.cents ?? 0;
}

export async function cancelledBooking(ctx: Context, bookingId: string): Promise<{ kept: number; date: string }> {
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
export async function lowerCancelledInvoice(ctx: Context, item: QueueItem, lessCents: number, sent: Sent): Promise<void> {
  if (lessCents <= 0) return;
  const [cancellation] = await ctx.sql`select 1 from accounting_queue where dedupe_key = ${`cancellation:${item.booking_id}`} and status = 'sent'`;
  if (!cancellation) return;
  const key = `invoice:${item.booking_id}`;
  const known = await object(ctx.sql, key);
  if (!known || !known.amount_cents || known.amount_cents <= 0) return;
  const { kept, date } = await cancelledBooking(ctx, item.booking_id!);
  const cents = Math.max(0, known.amount_cents - lessCents);
  const invoice = { id: known.qbo_id, syncToken: known.sync_token };
  const record = await settleCancelledInvoice(ctx, item, invoice, cents, date, kept > 0 ? cancelledLine.keptLessCredit : cancelledLine.paidBack, sent, 'ci');
  sent.objects.push({ key, type: 'Invoice', id: record.Id, syncToken: record.SyncToken, amountCents: cents });
}

/**
 * Deposits still held for a booking in the liability account, in cents: those posted there, less the
 * refunds taken out of it and less what its party's day or its cancellation moved to income
 * (deposit_income), which is no longer in the liability to give back.
 */
export async function heldCents(sql: Sql, bookingId: string): Promise<number> {
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
export async function heldMovedToCredit(sql: Sql, bookingId: string): Promise<number> {
  const [row] = await sql<{ cents: number }[]>`
    select coalesce(sum(r.amount_cents), 0)::int as cents
    from payments r join accounting_objects o on o.local_key = 'payment:' || r.refund_of::text
    where r.booking_id = ${bookingId} and r.kind = 'refund' and r.method = 'credit' and r.status = 'succeeded' and o.posted_as = 'liability'`;
  return row?.cents ?? 0;
}
