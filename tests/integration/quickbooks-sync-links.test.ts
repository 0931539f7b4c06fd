import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectedSync, type ConnectedSync } from '../support/quickbooks-sync';
import { adminCall } from '../support/staff';

/** The QuickBooks sync against the QuickBooks double: the queue's items sent in the order they were queued. */
let sync: ConnectedSync;
beforeAll(async () => {
  sync = await startConnectedSync();
});
afterAll(async () => {
  await sync.close();
});

const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
const invoiceOf = (number: string) => sync.qbo.objects.Invoice.find((x) => x.DocNumber === number)!;
async function allSent(bookingId: string) {
  const items = await sync.db.sql<{ kind: string; status: string; last_error: string | null }[]>`select kind, status, last_error from accounting_queue where booking_id = ${bookingId} order by seq`;
  expect(items.every((i) => i.status === 'sent'), JSON.stringify(items)).toBe(true);
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
