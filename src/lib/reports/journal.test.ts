import { describe, expect, it } from 'vitest';
import { ACCOUNTS, journal, journalTies, journalWithTotals, type EventRow } from './journal';

const event: EventRow = {
  date: '2026-07-04',
  booking: 'PF-1',
  customer: 'Ann',
  subtotalCents: 20_000,
  deliveryCents: 2_000,
  waiverCents: 1_500,
  siteChargesCents: 1_000,
  adjustmentsCents: -500,
  discountCents: 1_000,
  taxCents: 1_650,
  totalCents: 24_650,
  paidBeforeCents: 7_000,
};

const balance = (lines: ReturnType<typeof journal>) => lines.reduce((sum, l) => sum + l.debitCents - l.creditCents, 0);

describe('the accountant’s journal', () => {
  it('earns a booking on its event day, every income line credited, the receivable debited with the total', () => {
    const lines = journal([{ ...event, paidBeforeCents: 0 }], [], []);
    expect(lines.map((l) => [l.entry, l.account, l.debitCents, l.creditCents])).toEqual([
      ['J1', ACCOUNTS.receivable, 24_650, 0],
      ['J1', ACCOUNTS.discounts, 1_000, 0],
      ['J1', ACCOUNTS.rentals, 0, 20_000],
      ['J1', ACCOUNTS.delivery, 0, 2_000],
      ['J1', ACCOUNTS.waiver, 0, 1_500],
      ['J1', ACCOUNTS.siteCharges, 0, 1_000],
      ['J1', ACCOUNTS.adjustments, 500, 0],
      ['J1', ACCOUNTS.tax, 0, 1_650],
    ]);
    expect(balance(lines)).toBe(0);
  });

  it('holds money taken before the party as a deposit and applies it on the event day; later money goes to the receivable', () => {
    const lines = journal(
      [event],
      [
        { date: '2026-06-01', booking: 'PF-1', customer: 'Ann', kind: 'payment', method: 'stripe', amountCents: 7_000, held: true },
        { date: '2026-07-04', booking: 'PF-1', customer: 'Ann', kind: 'payment', method: 'cash', amountCents: 18_300, held: false },
        { date: '2026-07-06', booking: 'PF-1', customer: 'Ann', kind: 'refund', method: 'credit', amountCents: 650, held: false },
      ],
      [{ date: '2026-07-10', booking: '', customer: 'Ann', kind: 'goodwill', amountCents: 0 }],
    );
    const entry = (type: string) => lines.filter((l) => l.type === type).map((l) => [l.date, l.account, l.debitCents - l.creditCents]);
    expect(entry('Payment')).toEqual([
      ['2026-06-01', ACCOUNTS.card, 7_000],
      ['2026-06-01', ACCOUNTS.deposits, -7_000],
      ['2026-07-04', ACCOUNTS.cash, 18_300],
      ['2026-07-04', ACCOUNTS.receivable, -18_300],
    ]);
    expect(entry('Event: deposits applied')).toEqual([
      ['2026-07-04', ACCOUNTS.deposits, 7_000],
      ['2026-07-04', ACCOUNTS.receivable, -7_000],
    ]);
    expect(entry('Refund (credit)')).toEqual([
      ['2026-07-06', ACCOUNTS.credits, -650],
      ['2026-07-06', ACCOUNTS.receivable, 650],
    ]);
    // In date order, the event day's revenue before its payments; a credit of nothing writes no entry.
    expect([...new Set(lines.map((l) => `${l.entry} ${l.type}`))]).toEqual(['J1 Payment', 'J2 Event: revenue earned', 'J3 Event: deposits applied', 'J4 Payment', 'J5 Refund (credit)']);
    expect(balance(lines)).toBe(0);
    // The receivable is settled: earned, paid (650 too much), and that 650 refunded to credit.
    expect(lines.filter((l) => l.account === ACCOUNTS.receivable).reduce((s, l) => s + l.debitCents - l.creditCents, 0)).toBe(0);
    expect(journalTies(lines)).toEqual({ bookedCents: 24_650, paidCents: 25_300, refundedCents: 0, collectedCents: 25_300 });
  });

  it('ends with each account’s totals and the reports’ figures, marked Total', () => {
    const lines = journal([event], [], [{ date: '2026-07-31', booking: 'PF-1', customer: 'Ann', kind: 'kept', amountCents: 3_000 }]);
    const totals = journalWithTotals(lines, { from: '2026-07-01', to: '2026-07-31' }).filter((l) => l.type === 'Total');
    expect(totals.find((l) => l.account === ACCOUNTS.kept)).toMatchObject({ debitCents: 0, creditCents: 3_000 });
    expect(totals.at(-4)).toMatchObject({ account: 'Reports: booked revenue 2026-07-01 to 2026-07-31', debitCents: 24_650 });
  });
});
