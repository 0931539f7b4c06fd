import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate } from '../support/api';
import { withClockAt } from '../support/clock';
import { moneyTogether, startConnectedSync, type ConnectedSync } from '../support/quickbooks-sync';
import { adminCall, staffSession } from '../support/staff';
import { addDays, businessClock } from '../../src/lib/time';

/**
 * The QuickBooks sync against the QuickBooks double: the queue's items sent in the order they were queued;
 * deposits held that a journal entry moves from the liability to Accounts Receivable (on the party's day,
 * or at a cancellation) applied to the booking's invoice by a zero Payment linking the two, so QuickBooks
 * shows the invoice paid by them, not open beside an unapplied credit of the same amount, and the books
 * still net out (docs/decisions.md); a hold that lapsed keeping money gets an invoice of what is kept for
 * them to pay. Also: a cancellation whose invoice is in a period closed in QuickBooks, and credit given back
 * after its memo moved between merged customers' QuickBooks records.
 */
let sync: ConnectedSync;
beforeAll(async () => {
  sync = await startConnectedSync();
});
afterAll(async () => {
  await sync.close();
});

const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
type Linked = { Amount: number; LinkedTxn: { TxnId: string; TxnType: string }[] }[];
const invoiceOf = (number: string) => sync.qbo.objects.Invoice.find((x) => x.DocNumber === number)!;
const entryOf = (number: string) => sync.qbo.objects.JournalEntry.find((x) => x.DocNumber === `D-${number}`)!;
/** The zero Payments applying the booking's journal entry to its invoice: each as [invoice, entry, amount], and its total. */
function links(number: string) {
  const invoice = invoiceOf(number);
  const entry = entryOf(number);
  return sync.qbo.objects.Payment.filter((p) => (p.Line as Linked).some((l) => l.LinkedTxn.some((t) => t.TxnType === 'JournalEntry' && t.TxnId === entry.Id))).map((p) => {
    const lines = (p.Line as Linked).map((l) => [l.LinkedTxn[0]!.TxnType, l.LinkedTxn[0]!.TxnId, cents(l.Amount)]);
    return { total: cents(p.TotalAmt), lines, invoice: invoice.Id, entry: entry.Id };
  });
}
async function allSent(bookingId: string) {
  const items = await sync.db.sql<{ kind: string; status: string; last_error: string | null }[]>`select kind, status, last_error from accounting_queue where booking_id = ${bookingId} order by seq`;
  expect(items.every((i) => i.status === 'sent'), JSON.stringify(items)).toBe(true);
}
/** The party's day comes for this booking only (the sender's own clock moved on would move every party's deposits). */
async function partysDay(bookingId: string) {
  await sync.db.sql`update accounting_queue set not_before = now() where dedupe_key = ${`deposit_income:${bookingId}`}`;
  await sync.drain();
}
const staffCancel = async (bookingId: string) => {
  const cancelled = await adminCall(sync.handlers.admin, 'POST', `/api/admin/bookings/${bookingId}/status`, { cookie: sync.ownerCookie, body: { to: 'cancelled', reason: 'Plans changed' } });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
};

describe('the queue goes in the order it was filled', () => {
  it('whatever the digits of the items’ numbers: a cancellation queued as item 10000 goes after the deposits’ move queued just after item 5000', async () => {
    const setNext = (n: number) => sync.db.sql`select setval(pg_get_serial_sequence('accounting_queue', 'seq'), ${n - 1})`;
    await sync.drain();
    await setNext(5000);
    const s = await sync.bookAndPayDeposit('Sol Sequence');
    await sync.drain();
    await setNext(10000);
    await staffCancel(s.id);
    await sync.drain();
    await allSent(s.id);
    const [move, cancellation] = await sync.db.sql<{ seq: string }[]>`
      select seq::text from accounting_queue where booking_id = ${s.id} and kind in ('deposit_income', 'cancellation') order by accounting_queue.seq`;
    // Sorted as text, '10000' came before '5001': the cancellation went first, waited for the move behind it, and failed.
    expect([Number(move!.seq) < 10000, Number(cancellation!.seq) >= 10000]).toEqual([true, true]);
    expect(cents(invoiceOf(s.number).TotalAmt)).toBe(s.amount_paid_cents);
  });
});

describe('deposits moved from the liability to A/R are applied to the invoice', () => {
  it('on the party’s day: the invoice owes only the balance, and nothing once the balance is paid at the door', async () => {
    await sync.drain();
    const before = sync.ledger();
    const b = await sync.bookAndPayDeposit('Pat Party');
    await sync.drain();
    await partysDay(b.id);
    await allSent(b.id);
    expect(links(b.number)).toEqual([
      { total: 0, lines: [['Invoice', invoiceOf(b.number).Id, b.amount_paid_cents], ['JournalEntry', entryOf(b.number).Id, b.amount_paid_cents]], invoice: invoiceOf(b.number).Id, entry: entryOf(b.number).Id },
    ]);
    expect(cents(invoiceOf(b.number).Balance)).toBe(b.total_cents - b.amount_paid_cents);
    expect(moneyTogether(sync.since(before))).toEqual({ income: -b.total_cents, breakage: 0, receivable: b.total_cents - b.amount_paid_cents, money: b.amount_paid_cents, liability: 0 });

    const paid = await adminCall(sync.handlers.admin, 'POST', `/api/admin/bookings/${b.id}/payments`, { cookie: sync.ownerCookie, body: { amountCents: b.total_cents - b.amount_paid_cents, method: 'cash', note: 'Balance at the door' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await sync.drain();
    await allSent(b.id);
    expect(cents(invoiceOf(b.number).Balance)).toBe(0);
    expect(moneyTogether(sync.since(before))).toEqual({ income: -b.total_cents, breakage: 0, receivable: 0, money: b.total_cents, liability: 0 });
  });

  it('a staff cancellation keeping what was paid: the cancelled invoice is paid by the deposits moved, nothing open beside it', async () => {
    await sync.drain();
    const before = sync.ledger();
    const e = await sync.bookAndPayDeposit('Ezra Kept');
    await sync.drain();
    await staffCancel(e.id);
    await sync.drain();
    await allSent(e.id);
    const invoice = invoiceOf(e.number);
    expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([e.amount_paid_cents, 0]);
    expect(links(e.number).map((l) => l.lines.map((x) => x[2]))).toEqual([[e.amount_paid_cents, e.amount_paid_cents]]);
    expect(moneyTogether(sync.since(before))).toEqual({ income: -e.amount_paid_cents, breakage: 0, receivable: 0, money: e.amount_paid_cents, liability: 0 });
  });

  it('the customer’s cancellation moving the deposit into a credit: the cancelled invoice is paid by the deposits moved, the customer holds the credit', async () => {
    const [policy] = await sync.db.sql<{ days: number; hours: number }[]>`select cancellation_refund_days as days, cancellation_credit_hours as hours from business_settings`;
    await sync.drain();
    const before = sync.ledger();
    const c = await sync.bookAndPayDeposit('Cyd Credited');
    await sync.drain();
    // The policy's credit tier for this party (weeks away): no refund inside a year, credit at any time.
    await sync.db.sql`update business_settings set cancellation_refund_days = 365, cancellation_credit_hours = 0 where id`;
    try {
      const [row] = await sync.db.sql<{ number: string; manage_token: string }[]>`select number, manage_token from bookings where id = ${c.id}`;
      const done = await call(sync.handlers.manage, 'POST', '/api/manage-booking/cancel', { bookingNumber: row!.number, key: row!.manage_token, expected: 'credit' }, { 'x-test-ip': '198.51.111.1' });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.outcome).toMatchObject({ keptCents: 0, refundCents: 0, creditCents: c.amount_paid_cents });
    } finally {
      await sync.db.sql`update business_settings set cancellation_refund_days = ${policy!.days}, cancellation_credit_hours = ${policy!.hours} where id`;
    }
    await sync.drain();
    await allSent(c.id);
    const invoice = invoiceOf(c.number);
    expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([c.amount_paid_cents, 0]);
    const [memo] = await sync.db.sql<{ qbo_id: string }[]>`
      select o.qbo_id from customer_credits k join accounting_objects o on o.local_key = 'credit:' || k.id where k.source_booking_id = ${c.id}`;
    expect(cents(sync.qbo.objects.CreditMemo.find((m) => m.Id === memo!.qbo_id)!.RemainingCredit)).toBe(c.amount_paid_cents);
    // Nothing sold, the card money in the bank, the liability cleared, and the customer holds the credit (A/R).
    expect(moneyTogether(sync.since(before))).toEqual({ income: 0, breakage: 0, receivable: -c.amount_paid_cents, money: c.amount_paid_cents, liability: 0 });
  });

  it('cancelled after the party’s day applied the deposits: the invoice is left at what was paid, counted once', async () => {
    await sync.drain();
    const before = sync.ledger();
    const l = await sync.bookAndPayDeposit('Lou Late');
    await sync.drain();
    await partysDay(l.id);
    expect(cents(invoiceOf(l.number).Balance)).toBe(l.total_cents - l.amount_paid_cents);
    await staffCancel(l.id);
    await sync.drain();
    await allSent(l.id);
    const invoice = invoiceOf(l.number);
    expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([l.amount_paid_cents, 0]);
    // One application: the party's day's.
    expect(links(l.number)).toHaveLength(1);
    expect(moneyTogether(sync.since(before))).toEqual({ income: -l.amount_paid_cents, breakage: 0, receivable: 0, money: l.amount_paid_cents, liability: 0 });
  });
});

describe('a hold that lapsed keeping money, its deposits still held on the party’s day', () => {
  it('the business keeps them: an invoice of what is kept, paid by the deposits moved, no unapplied credit; a refund after takes it back out of income', async () => {
    await sync.drain();
    const before = sync.ledger();
    const hold = await sync.placeHold('Kai Kept', '(512) 555-0234');
    const number = hold.number;
    // Staff take part of the deposit by phone (not enough to confirm it), then the hold lapses keeping it.
    const part = await adminCall(sync.handlers.admin, 'POST', `/api/admin/bookings/${hold.id}/payments`, { cookie: sync.ownerCookie, body: { amountCents: 1000, method: 'cash', note: 'Part of the deposit by phone' } });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const later = new Date(hold.hold_expires_at.getTime() + 60_000);
    const { releaseExpiredHolds } = await import('../../src/lib/booking/index.server');
    expect((await releaseExpiredHolds(sync.db.sql as never, later)).map((r) => r.id)).toContain(hold.id);
    await sync.drain(later);
    expect(moneyTogether(sync.since(before))).toEqual({ income: 0, breakage: 0, receivable: 0, money: 1000, liability: -1000 });

    await partysDay(hold.id);
    await allSent(hold.id);
    // Before, the entry's 10.00 stood on the customer as an unapplied credit (A/R -10.00, no income).
    const kept = sync.qbo.objects.Invoice.filter((i) => String(i.PrivateNote) === `Booking ${number}`);
    expect(kept.map((i) => [cents(i.TotalAmt), cents(i.Balance)])).toEqual([[1000, 0]]);
    expect(moneyTogether(sync.since(before))).toEqual({ income: -1000, breakage: 0, receivable: 0, money: 1000, liability: 0 });

    // Given back after all: out of income, as any refund after the party's day.
    const [cash] = await sync.db.sql<{ id: string }[]>`select id from payments where booking_id = ${hold.id} and method = 'cash'`;
    const refunded = await adminCall(sync.handlers.admin, 'POST', `/api/admin/bookings/${hold.id}/refunds`, { cookie: sync.ownerCookie, body: { paymentId: cash!.id, amountCents: 1000, reason: 'Goodwill' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await sync.drain();
    await allSent(hold.id);
    expect(moneyTogether(sync.since(before))).toEqual({ income: 0, breakage: 0, receivable: 0, money: 0, liability: 0 });
  });
});

describe('a cancellation whose invoice is dated in a period closed in QuickBooks', () => {
  it('is posted in the first open period: a credit memo of what the invoice comes down by, dated the day after the closing date and applied to it; the invoice is left as it was', async () => {
    await sync.drain();
    // Deposits not held: the invoice is dated the day the booking was confirmed, and the deposit paid on it.
    await sync.db.sql`update accounting_connections set defer_deposits = false`;
    try {
      const before = sync.ledger();
      const b = await sync.bookAndPayDeposit('Cleo Closed');
      await sync.drain();
      const [settings] = await sync.db.sql<{ timezone: string }[]>`select timezone from business_settings`;
      const confirmedOn = businessClock(settings!.timezone, new Date()).today();
      const invoice = invoiceOf(b.number);
      expect(invoice.TxnDate).toBe(confirmedOn);
      const made = { lines: JSON.stringify(invoice.Line), syncToken: invoice.SyncToken };
      // The owner closes the books through that day (today); staff cancel the booking keeping what was paid.
      sync.qbo.closeBooks(confirmedOn);
      await staffCancel(b.id);
      await sync.drain();
      // Before, the change of the invoice was refused (Account Period Closed) and the cancellation failed.
      await allSent(b.id);
      expect({ lines: JSON.stringify(invoice.Line), syncToken: invoice.SyncToken }).toEqual(made);
      const memos = sync.qbo.objects.CreditMemo.filter((m) => String(m.PrivateNote).startsWith(`Booking ${b.number} cancelled`));
      expect(memos.map((m) => [m.TxnDate, cents(m.TotalAmt), cents(m.RemainingCredit)])).toEqual([[addDays(confirmedOn, 1), b.total_cents - b.amount_paid_cents, 0]]);
      expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([b.total_cents, 0]);
      expect(moneyTogether(sync.since(before))).toEqual({ income: -b.amount_paid_cents, breakage: 0, receivable: 0, money: b.amount_paid_cents, liability: 0 });
    } finally {
      sync.qbo.closeBooks(null);
      await sync.db.sql`update accounting_connections set defer_deposits = true`;
    }
  });
});

describe('records sent after the owner closed the books through their day', () => {
  it('are posted on the first open day, with their own day in the note: the deposit of a booking paid then', async () => {
    await sync.drain();
    const [settings] = await sync.db.sql<{ timezone: string }[]>`select timezone from business_settings`;
    const today = businessClock(settings!.timezone, new Date()).today();
    // Closed through today before the booking is paid (QuickBooks refuses both records as they are dated).
    sync.qbo.closeBooks(today);
    try {
      const b = await sync.bookAndPayDeposit('Lola Late');
      await sync.drain();
      // Before, each failed with QuickBooks' "The account period has closed" and waited in the sync log.
      const items = await sync.db.sql<{ kind: string; status: string; last_error: string | null }[]>`
        select kind, status, last_error from accounting_queue where booking_id = ${b.id} and kind <> 'deposit_income' order by seq`;
      expect(items.every((i) => i.status === 'sent'), JSON.stringify(items)).toBe(true);
      const late = `(of ${today}, a day closed in QuickBooks: posted on the first open day)`;
      const deposit = sync.qbo.objects.Deposit.find((d) => String(d.PrivateNote).startsWith(`Booking ${b.number}:`))!;
      expect([deposit.TxnDate, deposit.PrivateNote]).toEqual([addDays(today, 1), `Booking ${b.number}: deposit (stripe) ${late}`]);
      // A record whose own day is open is dated by it, as always (the invoice: the party's day, deposits being held).
      expect([invoiceOf(b.number).TxnDate, invoiceOf(b.number).PrivateNote]).toEqual([b.date, `Booking ${b.number}`]);
    } finally {
      sync.qbo.closeBooks(null);
    }
  });
});

describe('credit given back after the credit moved to another QuickBooks customer (two customers merged)', () => {
  it('goes through: the spending applies only what is still spent, and what came back is the credit’s own memo’s, on the customer it moved to', async () => {
    await sync.drain();
    const before = sync.ledger();
    const memosBefore = sync.qbo.objects.CreditMemo.length;
    const removed = await sync.bookAndPayDeposit('Rue Removed');
    const kept = await sync.bookAndPayDeposit('Kip Kept');
    const admin = (path: string, body: unknown, handler = sync.handlers.admin) => adminCall(handler, 'POST', path, { cookie: sync.ownerCookie, body });
    const ok = async (call: Promise<{ status: number; body: unknown }>) => {
      const answer = await call;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const stored = async (key: string) => (await sync.db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${key}`)[0]?.qbo_id;
    // 30.00 of credit to the removed customer; 10.00 of it spent on its booking, applied in QuickBooks.
    await ok(admin(`/api/admin/customers/${removed.customer_id}/credits`, { amountCents: 3000, reason: 'goodwill', note: 'Sorry about the late setup', expiresOn: null }, sync.handlers.customers));
    const [credit] = await sync.db.sql<{ id: string }[]>`select id from customer_credits where customer_id = ${removed.customer_id}`;
    await ok(admin(`/api/admin/bookings/${removed.id}/credit-payments`, { amountCents: 1000 }));
    await sync.drain();
    const firstMemo = await stored(`credit:${credit!.id}`);
    // Merged; the kept customer's booking spends the other 20.00: the memo moves to its QuickBooks customer first.
    await ok(admin(`/api/admin/customers/${kept.customer_id}/merge`, { from: removed.customer_id }, sync.handlers.customers));
    await ok(admin(`/api/admin/bookings/${kept.id}/credit-payments`, { amountCents: 2000 }));
    await sync.drain();
    expect(await stored(`credit:${credit!.id}`)).not.toBe(firstMemo);
    const keptQbo = await stored(`customer:${kept.customer_id}`);
    const [spending] = await sync.db.sql<{ id: string }[]>`select id from payments where booking_id = ${removed.id} and method = 'credit' and kind <> 'refund'`;
    const creditMemo = async () => {
      const id = await stored(`credit:${credit!.id}`);
      const memo = sync.qbo.objects.CreditMemo.find((m) => m.Id === id)!;
      return [(memo.CustomerRef as { value: string }).value, cents(memo.RemainingCredit)];
    };
    const openOn = (number: string) => cents(invoiceOf(number).Balance);

    // Staff give 4.00 of the removed booking's credit back to the credit, then the other 6.00.
    for (const [amountCents, holds] of [[400, 400], [600, 1000]] as const) {
      await ok(admin(`/api/admin/bookings/${removed.id}/refunds`, { paymentId: spending!.id, amountCents, reason: 'Credit back' }));
      await sync.drain();
      // Before, the first failed asking to change the payment in QuickBooks by hand.
      expect(await sync.db.sql`select kind, last_error from accounting_queue where booking_id = ${removed.id} and status <> 'sent' and kind <> 'deposit_income'`).toEqual([]);
      expect(await creditMemo()).toEqual([keptQbo, holds]);
      expect(openOn(removed.number)).toBe(removed.total_cents - 1000 + holds);
    }
    // The first memo is closed, the kept booking still paid by the 20.00 moved, and each credit memo of the
    // credit but its one memo now is closed: the customer holds 10.00 of credit, once.
    expect(cents(sync.qbo.objects.CreditMemo.find((m) => m.Id === firstMemo)!.RemainingCredit)).toBe(0);
    expect(openOn(kept.number)).toBe(kept.total_cents - 2000);
    expect(sync.qbo.objects.CreditMemo.slice(memosBefore).map((m) => cents(m.RemainingCredit)).filter((c) => c !== 0)).toEqual([1000]);
    const total = removed.total_cents + kept.total_cents;
    const deposits = removed.amount_paid_cents + kept.amount_paid_cents;
    expect(moneyTogether(sync.since(before))).toEqual({ income: -total + 3000, breakage: 0, receivable: total - 3000, money: deposits, liability: -deposits });
  });
});

describe('credit a hold spent, given back after the credit it came from expired, then the booking sold', () => {
  it('the new credit’s memo takes its part of the old memo first; the spending then applies only what is left of it', async () => {
    await sync.drain();
    const n = sync.nextDay();
    const name = 'Ida Expired';
    const email = `ida-expired-${n}@example.com`;
    const phone = '(512) 555-0233';
    const [customer] = await sync.db.sql<{ id: string }[]>`insert into customers (name, email, phone) values (${name}, ${email}, ${phone}) returning id`;
    // A credit of 50.00 whose last day is tomorrow, its memo sent.
    const issued = await adminCall(sync.handlers.customers, 'POST', `/api/admin/customers/${customer!.id}/credits`, {
      cookie: sync.ownerCookie,
      body: { amountCents: 5000, reason: 'goodwill', note: 'Sorry about the wait', expiresOn: futureDate(1) },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const [old] = await sync.db.sql<{ id: string }[]>`select id from customer_credits where customer_id = ${customer!.id}`;
    await sync.drain();
    const memoOf = async (creditId: string) => {
      const [row] = await sync.db.sql<{ qbo_id: string }[]>`select qbo_id from accounting_objects where local_key = ${`credit:${creditId}`}`;
      return sync.qbo.objects.CreditMemo.find((m) => m.Id === row!.qbo_id)!;
    };

    // Spent whole on a website hold (less than the deposit: it stays a hold, its spending not sent).
    const from = { 'x-test-ip': '198.51.111.2' };
    expect((await call(sync.handlers.creditCode, 'POST', '/api/credit-code', { email }, from)).status).toBe(202);
    const [mail] = await sync.db.sql<{ subject: string }[]>`select subject from outbound_emails where template = 'credit-code' and to_address = ${email} order by created_at desc limit 1`;
    const proved = await call(sync.handlers.creditCode, 'POST', '/api/credit-code/verify', { email, code: /(\d{6})$/.exec(mail!.subject)![1] }, from);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    const created = await call(sync.handlers.bookings, 'POST', '/api/bookings', {
      items: [{ product: 'mega-20x20-bounce-house', quantity: 1 }],
      event: { date: futureDate(n), start: '10:00', end: '14:00' },
      customer: { name, email, phone },
      address: { line1: '5 Ledger Ave', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
      creditGrant: proved.body.grant,
    }, from);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.creditAppliedCents).toBe(5000);
    const [hold] = await sync.db.sql<{ id: string; number: string; status: string }[]>`select id, number, status from bookings where number = ${created.body.bookingNumber}`;
    expect(hold!.status).toBe('hold');
    const [spending] = await sync.db.sql<{ id: string }[]>`select id from payments where booking_id = ${hold!.id} and method = 'credit' and kind <> 'refund'`;

    // Three days on (the credit's last day passed, on the refund's own clock), staff give 30.00 of it back:
    // the old credit can no longer take it, so it is a new credit standing in for that part of the old one.
    const later = new Date(Date.now() + 3 * 86_400_000);
    await withClockAt(later, async () => {
      const cookie = (await staffSession(sync.db.sql, 'owner')).cookie;
      const back = await adminCall(sync.handlers.admin, 'POST', `/api/admin/bookings/${hold!.id}/refunds`, { cookie, body: { paymentId: spending!.id, amountCents: 3000, reason: 'Part of the credit back' } });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    });
    const [replacement] = await sync.db.sql<{ id: string; amount_cents: number }[]>`
      select c.id, c.amount_cents from customer_credits c join credit_restorations r on r.credit_id = c.id where r.from_credit_id = ${old!.id}`;
    expect(replacement!.amount_cents).toBe(3000);
    // Its memo, and that part of the old memo closed (the spending was never applied there).
    await sync.drain(later);
    expect(cents((await memoOf(old!.id)).RemainingCredit)).toBe(2000);
    expect(cents((await memoOf(replacement!.id)).RemainingCredit)).toBe(3000);

    // Then staff cancel the hold keeping what was paid (the 20.00 of credit still spent): it is sold for that,
    // and its spending, sent now, applies the 20.00 the old memo has left, not the 50.00 it drew.
    await staffCancel(hold!.id);
    await sync.drain(later);
    const items = await sync.db.sql<{ kind: string; status: string; last_error: string | null }[]>`
      select kind, status, last_error from accounting_queue where (booking_id = ${hold!.id} or customer_id = ${customer!.id}) and kind <> 'deposit_income' order by seq`;
    expect(items.every((i) => i.status === 'sent'), JSON.stringify(items)).toBe(true);
    const invoice = invoiceOf(hold!.number);
    expect([cents(invoice.TotalAmt), cents(invoice.Balance)]).toEqual([2000, 0]);
    expect(cents((await memoOf(old!.id)).RemainingCredit)).toBe(0);
    expect(cents((await memoOf(replacement!.id)).RemainingCredit)).toBe(3000);
  });
});
