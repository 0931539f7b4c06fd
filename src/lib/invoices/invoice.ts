import { formatMoneyWithCents } from '../money';
import { deliveryFeeText, type BookingView } from '../booking';
import type { Locale } from '../i18n';
import { INVOICE_WORDS } from './invoice-words';

/**
 * The invoice of one booking, as a pure value: the same booking, payments and settings always give
 * the same invoice. Every figure comes from what the booking stored (the server priced it); this
 * module only lays the figures out and checks that they add up, so a PDF never prints a total its
 * own lines contradict.
 */

export interface InvoiceBusiness {
  name: string;
  phone: string;
  email: string;
  addressLines: string[];
  /** '#rrggbb' (settings.brandColor): the PDF prints the name and the balance in its dark shade. */
  brandColor?: string | undefined;
}

/**
 * The booking's own figures, as the booking view reads them. `amountDueCents`: what the booking still
 * owes as the view computed it (amountsDue: nothing once cancelled or expired); absent, the invoice
 * works it out as the total less what was paid.
 */
export type InvoiceBookingTotals = Omit<BookingView['totals'], 'amountDueCents' | 'depositOutstandingCents'> & { amountDueCents?: number };

/** One received payment or refund (table payments, succeeded rows only). */
export interface InvoicePaymentInput {
  kind: 'deposit' | 'balance' | 'refund' | 'other';
  method: 'stripe' | 'cash' | 'check' | 'card_in_person' | 'credit';
  amountCents: number;
  /** Business-local date, YYYY-MM-DD. */
  date: string;
}

export interface InvoiceInput {
  business: InvoiceBusiness;
  bookingNumber: string;
  statusLabel: string;
  /** Business-local date the invoice is issued, YYYY-MM-DD. */
  issuedOn: string;
  customer: { name: string; email: string; phone: string };
  eventLabel: string;
  addressLines: string[];
  items: { name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  totals: InvoiceBookingTotals;
  /**
   * Price lines after the subtotal that are not in the booking's fixed columns (staff adjustments:
   * a named discount is negative, a surcharge positive). They count towards the total like the rest.
   */
  extraPriceLines?: InvoicePriceLine[];
  payments: InvoicePaymentInput[];
  balanceDueOn: string | null;
  currency: string;
  /** Orders that go with the booking but are priced and paid on their own (a cake), printed as notes. */
  paidSeparately?: string[];
  /** The booking's language: the invoice's words, dates and money are written in it. Absent: English. */
  language?: Locale | undefined;
}

/** A line of the price below the items: a label and a signed amount (a discount is negative). */
export interface InvoicePriceLine {
  label: string;
  amountCents: number;
  /** The delivery fee's line, which shows as the e-mails show it (see priceLineText). */
  delivery?: true;
}

/** What a price line shows: its amount, or for the delivery fee what the booking's e-mails show ("Free" for nothing). */
export const priceLineText = (line: InvoicePriceLine, language: Locale, money: (cents: number) => string): string =>
  line.delivery ? deliveryFeeText(line.amountCents, language, money) : money(line.amountCents);

export interface InvoicePaymentLine {
  date: string;
  label: string;
  /** Negative for a refund. */
  amountCents: number;
}

export interface Invoice {
  number: string;
  bookingNumber: string;
  statusLabel: string;
  issuedOn: string;
  business: InvoiceBusiness;
  customer: InvoiceInput['customer'];
  eventLabel: string;
  addressLines: string[];
  items: { label: string; quantity: number; unitPriceCents: number; amountCents: number }[];
  subtotalCents: number;
  /** Discount, damage waiver, delivery, adjustments, tax: every line between subtotal and total. */
  priceLines: InvoicePriceLine[];
  totalCents: number;
  depositCents: number;
  payments: InvoicePaymentLine[];
  /** Received minus refunded. */
  paidCents: number;
  /** What the customer still owes (0 when paid in full or over). */
  balanceCents: number;
  /** Paid beyond the total (after an edit or a mistake): owed back to the customer. */
  creditCents: number;
  balanceDueOn: string | null;
  currency: string;
  paidSeparately: string[];
  language: Locale;
}

export const paymentMethodLabels: Record<InvoicePaymentInput['method'], string> = INVOICE_WORDS.en.methods;

/** A refund of method credit moved what was paid into a customer credit (a cancellation, a rain check): no money went back. */
export const paymentLabel = (p: Pick<InvoicePaymentInput, 'kind' | 'method'>, language: Locale = 'en') => {
  const w = INVOICE_WORDS[language];
  return p.kind === 'refund' && p.method === 'credit' ? w.movedToCredit : `${w.kinds[p.kind]}, ${w.methods[p.method].toLowerCase()}`;
};

/** The booking's fixed price columns as generic lines, in the order the site shows them. */
export function bookingPriceLines(t: InvoiceBookingTotals, language: Locale = 'en'): InvoicePriceLine[] {
  const w = INVOICE_WORDS[language];
  const lines: InvoicePriceLine[] = [];
  if (t.discountCents) lines.push({ label: `${w.discount}${t.couponCode ? ` (${t.couponCode})` : ''}`, amountCents: -t.discountCents });
  if (t.damageWaiverCents) lines.push({ label: w.damageWaiver, amountCents: t.damageWaiverCents });
  lines.push({ label: w.delivery, amountCents: t.deliveryFeeCents, delivery: true });
  lines.push({ label: w.salesTax, amountCents: t.taxCents });
  return lines;
}

export class InvoiceMismatch extends Error {}

/**
 * Lays out the invoice and checks it: the items add up to the subtotal, subtotal and price lines to
 * the total, and the payments (refunds subtracted) to the amount the booking records as paid. A
 * mismatch throws: better no invoice than a wrong one.
 */
export function buildInvoice(input: InvoiceInput): Invoice {
  const t = input.totals;
  const language = input.language ?? 'en';
  const itemsSum = input.items.reduce((s, i) => s + i.lineTotalCents, 0);
  if (itemsSum !== t.subtotalCents) throw new InvoiceMismatch(`Items add up to ${itemsSum}, the booking's subtotal is ${t.subtotalCents}.`);
  // Tax stays last: adjustments change what is taxed, so they print before it.
  const fixed = bookingPriceLines(t, language);
  const tax = fixed.pop()!;
  const priceLines = [...fixed, ...(input.extraPriceLines ?? []), tax];
  const total = t.subtotalCents + priceLines.reduce((s, l) => s + l.amountCents, 0);
  if (total !== t.totalCents) throw new InvoiceMismatch(`The price lines add up to ${total}, the booking's total is ${t.totalCents}.`);
  const payments = input.payments.map((p) => ({
    date: p.date,
    label: paymentLabel(p, language),
    amountCents: p.kind === 'refund' ? -p.amountCents : p.amountCents,
  }));
  const paid = payments.reduce((s, p) => s + p.amountCents, 0);
  if (paid !== t.amountPaidCents) throw new InvoiceMismatch(`The payments add up to ${paid}, the booking records ${t.amountPaidCents} paid.`);
  return {
    number: `INV-${input.bookingNumber}`,
    bookingNumber: input.bookingNumber,
    statusLabel: input.statusLabel,
    issuedOn: input.issuedOn,
    business: input.business,
    customer: input.customer,
    eventLabel: input.eventLabel,
    addressLines: input.addressLines,
    items: input.items.map((i) => ({ label: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents, amountCents: i.lineTotalCents })),
    subtotalCents: t.subtotalCents,
    priceLines,
    totalCents: t.totalCents,
    depositCents: t.depositCents,
    payments,
    paidCents: paid,
    balanceCents: t.amountDueCents ?? Math.max(0, t.totalCents - paid),
    creditCents: Math.max(0, paid - t.totalCents),
    balanceDueOn: input.balanceDueOn,
    currency: input.currency,
    paidSeparately: input.paidSeparately ?? [],
    language,
  };
}

/** "$1,234.50", "-$20.00": invoices always show cents. */
export const invoiceMoney = (cents: number, currency = 'usd'): string => formatMoneyWithCents(cents, currency);
