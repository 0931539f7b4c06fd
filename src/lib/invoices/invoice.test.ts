import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text';
import { pdfFontFiles } from '../pdf/index.server';
import { buildInvoice, invoiceMoney, InvoiceMismatch, paymentLabel, type InvoiceInput } from './invoice';
import { buildInvoicePdf } from './invoice-pdf';

const input = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  business: { name: 'Party Co', phone: '555-010-0000', email: 'hi@party.test', addressLines: ['1 Main St', 'Austin, TX 78701'] },
  bookingNumber: 'PF-ABC123',
  statusLabel: 'Confirmed',
  issuedOn: '2026-11-24',
  customer: { name: 'Nguyễn Thị Minh Khai', email: 'k@example.test', phone: '5125550100' },
  eventLabel: 'Saturday, December 5, 2026',
  addressLines: ['2 Oak Ave', 'Austin, TX 78702'],
  items: [
    { name: 'Castle', quantity: 1, unitPriceCents: 18500, lineTotalCents: 18500 },
    { name: 'Table', quantity: 4, unitPriceCents: 1250, lineTotalCents: 5000 },
  ],
  // 23500 - 2350 + 2115 + 3000 + 1960 = 28225
  totals: { subtotalCents: 23500, discountCents: 2350, couponCode: 'SAVE10', damageWaiverCents: 2115, deliveryFeeCents: 3000, adjustmentsCents: 0, siteChargesCents: 0, taxCents: 1960, totalCents: 28225, depositCents: 8468, amountPaidCents: 6468 },
  payments: [
    { kind: 'deposit', method: 'stripe', amountCents: 8468, date: '2026-11-20' },
    { kind: 'refund', method: 'stripe', amountCents: 2000, date: '2026-11-21' },
  ],
  balanceDueOn: '2026-12-05',
  currency: 'usd',
  ...over,
});

describe('buildInvoice', () => {
  it('lists every price line and the figures add up to total, paid and balance', () => {
    const invoice = buildInvoice(input());
    expect(invoice.number).toBe('INV-PF-ABC123');
    expect(invoice.priceLines).toEqual([
      { label: 'Discount (SAVE10)', amountCents: -2350 },
      { label: 'Damage waiver', amountCents: 2115 },
      { label: 'Delivery', amountCents: 3000, delivery: true },
      { label: 'Sales tax', amountCents: 1960 },
    ]);
    expect(invoice.subtotalCents + invoice.priceLines.reduce((s, l) => s + l.amountCents, 0)).toBe(invoice.totalCents);
    expect(invoice.payments.map((p) => [p.label, p.amountCents])).toEqual([
      ['Deposit, card (online)', 8468],
      ['Refund, card (online)', -2000],
    ]);
    expect(invoice.paidCents).toBe(6468);
    expect(invoice.balanceCents).toBe(28225 - 6468);
    expect(invoice.creditCents).toBe(0);
  });

  it('puts extra lines (staff adjustments) before the tax and counts them in the total', () => {
    const base = input();
    const invoice = buildInvoice({
      ...base,
      totals: { ...base.totals, totalCents: base.totals.totalCents + 1500 },
      extraPriceLines: [{ label: 'Stairs surcharge', amountCents: 1500 }],
    });
    expect(invoice.priceLines.map((l) => l.label)).toEqual(['Discount (SAVE10)', 'Damage waiver', 'Delivery', 'Stairs surcharge', 'Sales tax']);
    expect(invoice.totalCents).toBe(29725);
  });

  it('shows money paid beyond the total as a credit, not a negative balance', () => {
    const base = input();
    const invoice = buildInvoice({
      ...base,
      totals: { ...base.totals, amountPaidCents: 30000 },
      payments: [{ kind: 'deposit', method: 'cash', amountCents: 30000, date: '2026-11-20' }],
    });
    expect(invoice.balanceCents).toBe(0);
    expect(invoice.creditCents).toBe(30000 - 28225);
  });

  it('refuses figures that do not add up', () => {
    const base = input();
    expect(() => buildInvoice({ ...base, totals: { ...base.totals, totalCents: 1 } })).toThrow(InvoiceMismatch);
    expect(() => buildInvoice({ ...base, items: base.items.slice(1) })).toThrow(/subtotal/);
    expect(() => buildInvoice({ ...base, payments: [] })).toThrow(/payments add up to 0/);
  });
});

describe('invoiceMoney', () => {
  it('always shows cents and a sign for credits', () => {
    expect(invoiceMoney(123450)).toBe('$1,234.50');
    expect(invoiceMoney(-2000)).toBe('-$20.00');
    expect(invoiceMoney(0)).toBe('$0.00');
  });

  it('a refund line of method credit reads as money moved to a credit, not a refund paid from credit', () => {
    expect(paymentLabel({ kind: 'refund', method: 'credit' })).toBe('Moved to credit');
    expect(paymentLabel({ kind: 'deposit', method: 'credit' })).toBe('Deposit, paid from credit');
    expect(paymentLabel({ kind: 'refund', method: 'stripe' })).toBe('Refund, card (online)');
  });

  it('a cancelled booking’s invoice shows the balance the booking view computed: nothing', () => {
    expect(buildInvoice(input()).balanceCents).toBeGreaterThan(0);
    expect(buildInvoice(input({ totals: { ...input().totals, amountDueCents: 0 } })).balanceCents).toBe(0);
  });
});

describe('the invoice PDF', () => {
  /** The PDF's text: what is printed beside a label. */
  async function printedBeside(over: Partial<InvoiceInput>) {
    const { lines } = await pdfText(await buildInvoicePdf(buildInvoice(input(over)), await pdfFontFiles(), new Date('2026-11-24T12:00:00Z')));
    return (label: string) => lines[lines.indexOf(label) + 1];
  }

  // The booking's e-mails say a delivery of nothing so (booking-emails' priceLines): the invoice says it the same way.
  it.each([
    ['en', 'Delivery', 'Free'],
    ['es', 'Entrega', 'Gratis'],
  ] as const)('%s: a free delivery reads %s: %s, as in the e-mails, not $0.00', async (language, label, free) => {
    const base = input();
    const beside = await printedBeside({ language, totals: { ...base.totals, deliveryFeeCents: 0, totalCents: base.totals.totalCents - 3000 } });
    expect(beside(label)).toBe(free);
    expect((await printedBeside({ language }))(label)).toBe('$30.00');
  });
});
