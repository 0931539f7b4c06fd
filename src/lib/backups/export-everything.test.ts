import { describe, expect, it } from 'vitest';
import { exportFileName, PAYMENT_COLUMNS, type PaymentExportRow } from './export-everything';

describe('the Export everything file name', () => {
  it.each([
    ['2026-12-07T03:30:00Z', 'America/Los_Angeles', 'everything-2026-12-06.zip'],
    ['2026-12-07T03:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
    ['2026-12-06T23:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
  ])('at %s in %s is %s: the business’s day, not UTC’s', (at, timeZone, name) => {
    expect(exportFileName(new Date(at), timeZone)).toBe(name);
  });
});

describe('payments.csv’s amount', () => {
  const amount = (kind: string, cents: number) => {
    const row = { booking_number: 'PF-1', kind, method: 'cash', status: 'succeeded', amount_cents: cents, stripe_payment_intent_id: null, stripe_refund_id: null, recorded_by: null, note: null, created_at: new Date(0) } satisfies PaymentExportRow;
    return PAYMENT_COLUMNS.find((c) => c.header === 'Amount ($)')!.value(row);
  };
  it.each([
    ['deposit', 5000, '50.00'],
    ['balance', 12345, '123.45'],
    ['refund', 1250, '-12.50'],
  ])('of a %s of %i cents is %s: money back out is negative, so the column sums to the net', (kind, cents, shown) => {
    expect(amount(kind, cents)).toBe(shown);
  });
});
