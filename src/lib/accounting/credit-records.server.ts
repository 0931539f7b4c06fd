/**
 * Store credit's records in QuickBooks beyond its memo: what a spending still applies, a credit memo
 * moved to another customer (merged customers) or closed where a new credit stands in for it, a spending
 * changed when credit goes back to its credits, and the expired credits queued to be written off.
 */
import type { Sql } from '../db/index.server';
import { centsToDecimal } from '../money';
import { QuickBooksFault } from './quickbooks-faults';
import { centsFromQuickBooks, creditMemoObject, creditPaymentChange, creditPaymentObject, forfeitInvoiceObject } from './quickbooks-objects';
import { lowerCancelledInvoice } from './cancelled-invoices.server';
import { type Context, create, ItemProblem, object, type payment, type QboRecord, type QueueItem, saveObjects, type Sent, stepId, updateRecord } from './sync-context.server';

/**
 * What a credit payment still takes from each credit, in cents: what it drew from it less what its
 * refunds gave back to that same credit (restoreCreditIn's negative uses). What a refund moved into a
 * new credit instead (a cancellation's credit, a credit that had lapsed) stays spent here: the new
 * credit has its own memo, as money moved into a credit does.
 */
export async function creditStillApplied(sql: Sql, paymentId: string): Promise<{ creditId: string; cents: number }[]> {
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
export async function restoredMemoParts(ctx: Context, item: QueueItem, date: string, sent: Sent): Promise<void> {
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

export async function creditMemos(ctx: Context, applied: { creditId: string; cents: number }[]) {
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
export async function moveCredits(ctx: Context, item: QueueItem, applied: { creditId: string; cents: number }[], customer: string, date: string): Promise<void> {
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
export async function queueExpiredCredits(sql: Sql, today: string): Promise<void> {
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

/**
 * Credit spent on a booking and given back to the credits it came from (queued only once the spending
 * was): the zero payment that applied their memos to the invoice is changed to apply only what is still
 * spent, or deleted when nothing is, so the invoice is owed again and each memo is open again for what
 * the customer holds, as the site shows them. No money moved, so nothing else is sent; QuickBooks'
 * customer balance is the same either way, only what is open on which record changes. The memos are the
 * ones the payment links (read from QuickBooks): a credit moved to another QuickBooks customer since it
 * was spent (merged customers, moveCredits) has a new memo there, and what is given back goes to it
 * (returnToMovedCredit) rather than opening again on the old memo, which is no longer the credit's.
 */
export async function creditReturned(ctx: Context, item: QueueItem, refund: Awaited<ReturnType<typeof payment>>, sent: Sent) {
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
  const still = (creditId: string | undefined) => applied.find((a) => a.creditId === creditId)?.cents ?? 0;
  const linked = await linkedRecords(ctx, application.id);
  // What earlier returns moved from a memo (their transfer invoices, which this payment pays from it) is no longer spent on the booking.
  const invoices = linked.transfers;
  const memos: { qboId: string; cents: number }[] = [];
  for (const [n, link] of linked.memos.entries()) {
    const moved = invoices.filter((i) => i.creditId === link.creditId).reduce((sum, i) => sum + i.cents, 0);
    const back = link.cents - moved - Math.min(link.cents - moved, still(link.creditId));
    const transfer = link.creditId && back > 0 ? await returnToMovedCredit(ctx, item, { creditId: link.creditId, fromMemo: link.qboId, cents: back, date: ctx.clock.dateOf(refund.created_at) }, n) : null;
    // Moved: the old memo stays applied, in part to the transfer's invoice; else it applies only what is still spent.
    if (transfer) invoices.push({ qboId: transfer, cents: back, creditId: link.creditId });
    memos.push({ qboId: link.qboId, cents: transfer || moved > 0 ? link.cents : link.cents - back });
  }
  let record: QboRecord;
  if (memos.every((m) => m.cents === 0)) {
    record = await updateRecord(ctx, item, 'Payment', application, (token) => ({ Id: application.id, SyncToken: token }), 'delete');
  } else {
    const invoice = await object(ctx.sql, `invoice:${item.booking_id}`);
    if (!invoice) throw new ItemProblem('The booking’s invoice is not in QuickBooks, so its credit cannot be taken off it.');
    if (cents > 0) invoices.unshift({ qboId: invoice.qbo_id, cents, creditId: undefined });
    record = await updateRecord(ctx, item, 'Payment', application, (token) => creditPaymentChange(application.id, token, invoices, memos.filter((m) => m.cents > 0)));
  }
  sent.objects.push({ key, type: 'Payment', id: application.id, syncToken: record.SyncToken ?? known.sync_token, amountCents: cents });
  // (What it applied before, when known: a row from before the amounts were stored has none.)
  if (known.amount_cents !== null) await lowerCancelledInvoice(ctx, item, known.amount_cents - cents, sent);
  return Object.assign(sent, { qboType: 'Payment', qboId: application.id });
}

/**
 * The credit memos a zero payment applies in QuickBooks, with what it takes from each and the site's credit
 * each memo was (or is) the memo of, and the transfer invoices of earlier returns it pays (returnToMovedCredit);
 * none once it is deleted (a retry after the delete went through).
 */
async function linkedRecords(ctx: Context, paymentQboId: string) {
  type Linked = { Amount?: number | string; LinkedTxn?: { TxnId: string; TxnType: string }[] };
  let current: { Line?: Linked[] };
  try {
    current = (await ctx.qbo.request<{ Payment: { Line?: Linked[] } }>('GET', `payment/${paymentQboId}`)).Payment;
  } catch (error) {
    if (error instanceof QuickBooksFault && error.code === '610') return { memos: [], transfers: [] };
    throw error;
  }
  const lines = (type: string) => (current.Line ?? []).flatMap((l) => (l.LinkedTxn ?? []).filter((t) => t.TxnType === type).map((t) => ({ qboId: t.TxnId, cents: centsFromQuickBooks(l.Amount) })));
  const [memos, invoices] = [lines('CreditMemo'), lines('Invoice')];
  // A memo is one credit's: its memo now (credit:<id>), or one it had before it moved (credit:<id>:before:<memo>);
  // a transfer invoice is kept as credit_return:<refund>:<credit>:invoice.
  const owners = await ctx.sql<{ creditId: string; qboId: string; type: string }[]>`
    select split_part(local_key, ':', 2) as "creditId", qbo_id as "qboId", 'memo' as type from accounting_objects
    where qbo_type = 'CreditMemo' and local_key like 'credit:%' and qbo_id = any(${memos.map((l) => l.qboId)})
    union all
    select split_part(local_key, ':', 3), qbo_id, 'transfer' from accounting_objects
    where local_key like 'credit!_return:%:invoice' escape '!' and qbo_id = any(${invoices.map((l) => l.qboId)})`;
  const creditOf = (qboId: string, type: string) => owners.find((o) => o.qboId === qboId && o.type === type)?.creditId;
  return {
    memos: memos.map((l) => ({ ...l, creditId: creditOf(l.qboId, 'memo') })),
    transfers: invoices.filter((l) => creditOf(l.qboId, 'transfer')).map((l) => ({ ...l, creditId: creditOf(l.qboId, 'transfer') })),
  };
}

/**
 * Credit given back to a credit whose memo moved to another QuickBooks customer after it was spent (merged
 * customers): that part must not open again on the old memo, no longer the credit's. It moves as moveCredits
 * moves a memo: an invoice of it to the old memo's customer on the adjustments item, which the spending's
 * payment then pays from the old memo (creditReturned); and a new memo of the credit on its customer now,
 * which also takes up what the credit's present memo has open (that memo closed the same way: an invoice of
 * it, the memo applied by a zero payment), so the credit keeps one memo holding what the site says. Income
 * nets to zero. Each step has its own request id; the present memo and what it had open are kept once read,
 * so a retry after it was closed makes the same records; all are kept at once. Answers the transfer invoice's id, or null when the
 * credit's memo is still the one the payment links (nothing moved).
 */
async function returnToMovedCredit(ctx: Context, item: QueueItem, back: { creditId: string; fromMemo: string; cents: number; date: string }, n: number): Promise<string | null> {
  const key = `credit_return:${item.source_id}:${back.creditId}`;
  const started = await object(ctx.sql, key);
  const memo = started ?? (await object(ctx.sql, `credit:${back.creditId}`));
  if (!memo || memo.qbo_id === back.fromMemo) return null;
  const owner = (await object(ctx.sql, `qbo_customer:credit:${back.creditId}`))?.qbo_id;
  const from = (await object(ctx.sql, `qbo_customer:booking:${item.booking_id}`))?.qbo_id;
  if (!owner || !from) throw new ItemProblem(`The QuickBooks customers of credit memos ${back.fromMemo} and ${memo.qbo_id} are not known: move ${centsToDecimal(back.cents)} from the first to the second by hand.`);
  const open = started?.amount_cents ?? centsFromQuickBooks((await ctx.qbo.request<{ CreditMemo: { RemainingCredit?: number } }>('GET', `creditmemo/${memo.qbo_id}`)).CreditMemo.RemainingCredit);
  if (!started) await saveObjects(ctx.sql, [{ key, type: 'CreditMemo', id: memo.qbo_id, syncToken: memo.sync_token, amountCents: open }]);
  const note = `Store credit given back to its credit, whose memo moved to another customer record (customers merged): from credit memo ${back.fromMemo}`;
  const description = 'Store credit moved to another customer record (customers merged)';
  const transferTo = (customerQboId: string, cents: number, step: string) =>
    create(ctx, 'Invoice', forfeitInvoiceObject({ customerQboId, cents, date: back.date, itemId: ctx.mapping.adjustmentsItem, description, note }), stepId(item, step));
  const transfer = await transferTo(from, back.cents, `g${n}i`);
  if (open > 0) {
    const closing = await transferTo(owner, open, `g${n}j`);
    await create(ctx, 'Payment', creditPaymentObject({ customerQboId: owner, invoiceQboId: closing.Id, memos: [{ qboId: memo.qbo_id, cents: open }], date: back.date, note }), stepId(item, `g${n}q`));
  }
  const moved = await create(ctx, 'CreditMemo', creditMemoObject({ customerQboId: owner, cents: back.cents + open, date: back.date, mapping: ctx.mapping, note }), stepId(item, `g${n}c`));
  // Kept at once: a retry after the payment was changed finds this return done by the transfer it pays.
  await saveObjects(ctx.sql, [
    { key: `${key}:invoice`, type: 'Invoice', id: transfer.Id, syncToken: transfer.SyncToken, amountCents: back.cents },
    { key: `credit:${back.creditId}:before:${moved.Id}`, type: 'CreditMemo', id: memo.qbo_id, syncToken: memo.sync_token, amountCents: open },
    { key: `credit:${back.creditId}`, type: 'CreditMemo', id: moved.Id, syncToken: moved.SyncToken, amountCents: back.cents + open },
  ]);
  return transfer.Id;
}
