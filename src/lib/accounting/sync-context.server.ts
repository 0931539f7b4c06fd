/**
 * What every kind of the accounting queue's items shares (sync.server.ts sends them): the item and what
 * it made, the records already in QuickBooks (accounting_objects), a record created or updated with the
 * item's own request ids, the QuickBooks customer a booking's or a credit's records name, and the
 * booking's invoice.
 */
import { adjustmentPriceLine } from '../pricing';
import { getBookingView } from '../booking/index.server';
import { getSettings } from '../business/index.server';
import type { Sql } from '../db/index.server';
import { addDays, type BusinessClock } from '../time';
import type { AccountingMapping } from './accounting-mapping';
import { isClosedPeriod, QuickBooksFault } from './quickbooks-faults';
import { customerObject, invoiceObject, type InvoiceSource, queryLiteral } from './quickbooks-objects';
import type { QuickBooksSession } from './quickbooks-session.server';

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

export interface Sent {
  qboType: string | null;
  qboId: string | null;
  objects: { key: string; type: string; id: string; syncToken: string; amountCents?: number; postedAs?: 'liability' | 'invoice' }[];
}

/** A problem of the site's own records or mapping, shown on the item like QuickBooks' faults. */
export class ItemProblem extends Error {
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

export interface Context {
  sql: Sql;
  qbo: QuickBooksSession;
  mapping: AccountingMapping;
  defer: boolean;
  clock: BusinessClock;
  now: Date;
  /** The books' closing date in QuickBooks, read once a run when a record needs it (booksClosedThrough). */
  booksClosed?: Promise<string | null> | undefined;
}

export type QboRecord = { Id: string; SyncToken: string };

export async function object(sql: Sql, key: string): Promise<{ qbo_id: string; sync_token: string; amount_cents: number | null; posted_as: string | null } | undefined> {
  const [row] = await sql<{ qbo_id: string; sync_token: string; amount_cents: number | null; posted_as: string | null }[]>`
    select qbo_id, sync_token, amount_cents, posted_as from accounting_objects where local_key = ${key}`;
  return row;
}

/** Each step of an item has its own request id, derived from the item's, so a retry repeats the same ids. */
export const stepId = (item: QueueItem, step: string) => (step === 'main' ? item.request_id : `${item.request_id}-${step}`);

/**
 * A new record in QuickBooks. One QuickBooks refuses as dated in a period the owner has closed (a payment
 * or refund sent after the books were closed through its day: QuickBooks was disconnected, or the item
 * waited in the sync log) is posted on the first open day instead, its own date in its private note, as
 * an accountant posts a late entry; under a request id of its own, so a retry gets either answer back.
 */
export async function create(ctx: Context, entity: string, body: unknown, requestId: string): Promise<QboRecord> {
  try {
    return await createOnce(ctx, entity, body, requestId);
  } catch (error) {
    const dated = body as Record<string, unknown> & { TxnDate?: string; PrivateNote?: string };
    if (!isClosedPeriod(error) || !dated.TxnDate) throw error;
    // Read again: the closing date read earlier in the run is what did not show this closure.
    ctx.booksClosed = undefined;
    const open = await openDate(ctx, dated.TxnDate);
    if (open === dated.TxnDate) throw error;
    const note = `${dated.PrivateNote ? `${dated.PrivateNote} ` : ''}(of ${dated.TxnDate}, a day closed in QuickBooks: posted on the first open day)`;
    return createOnce(ctx, entity, { ...dated, TxnDate: open, PrivateNote: note.slice(0, 4000) }, `${requestId}-open`);
  }
}

async function createOnce(ctx: Context, entity: string, body: unknown, requestId: string): Promise<QboRecord> {
  const answer = await ctx.qbo.request<Record<string, QboRecord>>('POST', entity.toLowerCase(), { body, requestId });
  const record = answer[entity];
  if (!record) throw new QuickBooksFault('unavailable', `QuickBooks answered without the ${entity}.`, 200);
  return record;
}

/** The closing date of the company's books (Preferences: AccountingInfoPrefs.BookCloseDate), null while they are open; read once a run. */
export function booksClosedThrough(ctx: Context): Promise<string | null> {
  ctx.booksClosed ??= ctx.qbo
    .request<{ Preferences?: { AccountingInfoPrefs?: { BookCloseDate?: string | null } } }>('GET', 'preferences')
    .then((answer) => answer.Preferences?.AccountingInfoPrefs?.BookCloseDate?.slice(0, 10) || null)
    .catch((error: unknown) => {
      ctx.booksClosed = undefined;
      throw error;
    });
  return ctx.booksClosed;
}

/**
 * `date`, or, when the books are closed through it, the first open day, as an accountant dates a change to
 * a closed period: today on the business's clock, or the day after the closing date when they are closed
 * through today too (closed at the end of today's month, say).
 */
export async function openDate(ctx: Context, date: string): Promise<string> {
  const closed = await booksClosedThrough(ctx);
  if (closed === null || date > closed) return date;
  const today = ctx.clock.today();
  return today > closed ? today : addDays(closed, 1);
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

export async function invoiceSource(ctx: Context, bookingId: string, customerQboId: string): Promise<InvoiceSource & { eventStart: Date }> {
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

export async function bookingCustomer(ctx: Context, item: QueueItem, sent: Sent): Promise<string> {
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
export function pin(sent: Sent, key: string, id: string, record?: QboRecord): { key: string; type: string; id: string; syncToken: string } {
  const owner = { key, type: 'Customer', id: (record as { CustomerRef?: { value?: string } } | undefined)?.CustomerRef?.value ?? id, syncToken: '0' };
  sent.objects = [...sent.objects.filter((o) => o.key !== key), owner];
  return owner;
}

export const bookingQboCustomer = (ctx: Context, item: QueueItem, sent: Sent) => pinnedCustomer(ctx, item, sent, `qbo_customer:booking:${item.booking_id}`);
export const creditQboCustomer = (ctx: Context, item: QueueItem, sent: Sent) => pinnedCustomer(ctx, item, sent, `qbo_customer:credit:${item.source_id}`);

/** The booking's invoice in QuickBooks, created with this item's request id when it is not there yet. */
export async function ensureInvoice(ctx: Context, item: QueueItem, sent: Sent): Promise<{ id: string; syncToken: string; created: boolean }> {
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
export async function updateRecord(ctx: Context, item: QueueItem, entity: 'Invoice' | 'Payment', record: { id: string; syncToken: string }, body: (syncToken: string) => unknown, operation?: 'void' | 'delete', step = 'main'): Promise<QboRecord> {
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

export const updateInvoice = (ctx: Context, item: QueueItem, invoice: { id: string; syncToken: string }, body: (syncToken: string) => unknown, operation?: 'void', step?: string) =>
  updateRecord(ctx, item, 'Invoice', invoice, body, operation, step);

export async function payment(ctx: Context, id: string) {
  const [row] = await ctx.sql<{ kind: string; method: string; amount_cents: number; returned: number; created_at: Date; refund_of: string | null; booking_id: string; event_start: Date; number: string; status: string }[]>`
    select p.kind, p.method, p.amount_cents, p.created_at, p.refund_of, p.booking_id, b.event_start, b.number, b.status,
      (select coalesce(sum(r.amount_cents), 0)::int from payments r where r.refund_of = p.id and r.status = 'succeeded') as returned
    from payments p join bookings b on b.id = p.booking_id where p.id = ${id}`;
  if (!row) throw new ItemProblem('The payment no longer exists.');
  return row;
}

export async function saveObjects(sql: Sql, objects: Sent['objects']): Promise<void> {
  for (const o of objects) {
    await sql`
      insert into accounting_objects (local_key, qbo_type, qbo_id, sync_token, amount_cents, posted_as, updated_at)
      values (${o.key}, ${o.type}, ${o.id}, ${o.syncToken}, ${o.amountCents ?? null}, ${o.postedAs ?? null}, now())
      on conflict (local_key) do update set qbo_id = excluded.qbo_id, sync_token = excluded.sync_token,
        amount_cents = coalesce(excluded.amount_cents, accounting_objects.amount_cents), posted_as = coalesce(excluded.posted_as, accounting_objects.posted_as), updated_at = now()`;
  }
}
