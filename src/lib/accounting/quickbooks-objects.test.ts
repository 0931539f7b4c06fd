import { describe, expect, it } from 'vitest';
import type { AccountingMapping } from './accounting-mapping';
import { depositLinkObject, invoiceChange, invoiceLines, type InvoiceSource, paidBeyondLine } from './quickbooks-objects';

const mapping: AccountingMapping = {
  categoryItems: {},
  rentalsItem: '1',
  damageWaiverItem: '2',
  deliveryItem: '3',
  adjustmentsItem: '4',
  salesTaxItem: '5',
  depositLiabilityAccount: '10',
  cardDepositAccount: '11',
  cashDepositAccount: '12',
  stripeFeeAccount: '13',
  receivableAccount: '14',
};

/** A party of one 245.00 bounce house and 45.00 delivery, with a staff discount of 50.00 and its tax. */
const source: InvoiceSource = {
  bookingNumber: 'B-1001',
  customerQboId: '7',
  txnDate: '2027-05-01',
  serviceDate: '2027-05-08',
  items: [{ name: 'Mega 20x20 Bounce House', quantity: 1, unitPriceCents: 24500, lineTotalCents: 24500, categoryId: null }],
  discountCents: 0,
  couponCode: null,
  damageWaiverCents: 0,
  deliveryFeeCents: 4500,
  extraLines: [{ label: 'Discount: Sorry about the wait', cents: -5000, kind: 'adjustment' }],
  taxCents: 1980,
  totalCents: 24500 + 4500 - 5000 + 1980,
  email: 'dee@example.com',
};

describe('invoice lines', () => {
  it('a staff discount is a negative line on the adjustments item, and the lines still add up to the total', () => {
    const lines = invoiceLines(source, mapping);
    expect(lines.map((l) => l.Amount)).toEqual([245, 45, -50, 19.8]);
    expect((lines[2] as { SalesItemLineDetail: { ItemRef: { value: string } } }).SalesItemLineDetail.ItemRef.value).toBe('4');
  });

  it('a change can keep the invoice at what was paid beyond the new total, by one more line', () => {
    const change = invoiceChange('42', '3', source, mapping, 5000) as { Line: { Amount: number; Description: string }[] };
    expect(change.Line.at(-1)).toMatchObject({ Amount: 50, Description: paidBeyondLine });
    expect((invoiceChange('42', '3', source, mapping) as { Line: unknown[] }).Line).toHaveLength(4);
  });
});

describe('deposits moved to A/R applied to the invoice', () => {
  it('is a zero payment linking the invoice and the journal entry for the same amount', () => {
    const link = depositLinkObject({ customerQboId: '7', invoiceQboId: '42', entryQboId: '43', cents: 10050, date: '2027-05-08', note: 'Deposits' });
    expect(link).toMatchObject({
      CustomerRef: { value: '7' },
      TotalAmt: 0,
      TxnDate: '2027-05-08',
      Line: [
        { Amount: 100.5, LinkedTxn: [{ TxnId: '42', TxnType: 'Invoice' }] },
        { Amount: 100.5, LinkedTxn: [{ TxnId: '43', TxnType: 'JournalEntry' }] },
      ],
    });
  });
});
