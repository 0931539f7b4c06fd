import { centsToDecimal, parseDollars } from '../money';
import type { AccountingMapping } from './accounting-mapping';

/**
 * The QuickBooks Online objects the site sends, built from its own records (pure: the sender reads
 * the records and posts what these return). Amounts go as dollars with two decimals, as QuickBooks
 * takes them; every builder keeps the site's cents exactly.
 */
const dollars = (cents: number) => Number(centsToDecimal(cents));

/** An amount QuickBooks answered with (dollars, as a number or a string, maybe negative) in cents. */
export const centsFromQuickBooks = (amount: unknown): number => Math.sign(Number(amount ?? 0)) * (parseDollars(String(Math.abs(Number(amount ?? 0)))) ?? NaN);

export interface InvoiceSource {
  bookingNumber: string;
  customerQboId: string;
  /** The business's date of the invoice: the event date when deposits are deferred, else the confirmation's. */
  txnDate: string;
  /** The party's date, each line's service date. */
  serviceDate: string;
  items: { name: string; quantity: number; unitPriceCents: number; lineTotalCents: number; categoryId: string | null }[];
  discountCents: number;
  couponCode: string | null;
  damageWaiverCents: number;
  deliveryFeeCents: number;
  extraLines: { label: string; cents: number; kind: 'site' | 'adjustment' }[];
  taxCents: number;
  totalCents: number;
  email: string;
}

export class InvoiceTotalMismatch extends Error {
  override name = 'InvoiceTotalMismatch';
}

type Line = Record<string, unknown>;

const salesLine = (itemId: string, description: string, cents: number, serviceDate: string, quantity = 1, unitCents = cents): Line => ({
  DetailType: 'SalesItemLineDetail',
  Amount: dollars(cents),
  Description: description.slice(0, 4000),
  SalesItemLineDetail: { ItemRef: { value: itemId }, Qty: quantity, UnitPrice: dollars(unitCents), ServiceDate: serviceDate },
});

/** The invoice's lines: products by category, waiver, delivery, the yard's charges, adjustments, coupon, tax. */
export function invoiceLines(source: InvoiceSource, mapping: AccountingMapping): Line[] {
  const lines: Line[] = source.items.map((item) =>
    salesLine(mapping.categoryItems[item.categoryId ?? ''] ?? mapping.rentalsItem, item.name, item.lineTotalCents, source.serviceDate, item.quantity, item.unitPriceCents),
  );
  if (source.damageWaiverCents) lines.push(salesLine(mapping.damageWaiverItem, 'Damage waiver', source.damageWaiverCents, source.serviceDate));
  if (source.deliveryFeeCents) lines.push(salesLine(mapping.deliveryItem, 'Delivery', source.deliveryFeeCents, source.serviceDate));
  for (const extra of source.extraLines) {
    lines.push(salesLine(extra.kind === 'site' ? mapping.deliveryItem : mapping.adjustmentsItem, extra.label, extra.cents, source.serviceDate));
  }
  if (source.taxCents) lines.push(salesLine(mapping.salesTaxItem, 'Sales tax', source.taxCents, source.serviceDate));
  if (source.discountCents) {
    lines.push({ DetailType: 'DiscountLineDetail', Amount: dollars(source.discountCents), Description: `Discount${source.couponCode ? ` (${source.couponCode})` : ''}`, DiscountLineDetail: { PercentBased: false } });
  }
  // A staff discount (an adjustment) is a negative line.
  const sum = lines.reduce((s, l) => s + (l.DetailType === 'DiscountLineDetail' ? -1 : 1) * centsFromQuickBooks(l.Amount), 0);
  if (sum !== source.totalCents) throw new InvoiceTotalMismatch(`The invoice lines add up to ${sum} cents, the booking's total is ${source.totalCents}.`);
  return lines;
}

/** A new invoice: DocNumber is the booking number, so the owner finds it in QuickBooks by the number customers quote. */
export function invoiceObject(source: InvoiceSource, mapping: AccountingMapping): Line {
  return {
    DocNumber: source.bookingNumber.slice(0, 21),
    TxnDate: source.txnDate,
    CustomerRef: { value: source.customerQboId },
    BillEmail: { Address: source.email },
    PrivateNote: `Booking ${source.bookingNumber}`,
    Line: invoiceLines(source, mapping),
  };
}

/** The words of the line that keeps a changed invoice at what was paid on it and refunded (invoiceChange). */
export const paidBeyondLine = 'Paid on this booking beyond its total: refunded, or to be refunded';

/**
 * A sparse update of an invoice's lines (QuickBooks replaces the whole Line list). `beyondCents`, when
 * more than nothing, is one more line (adjustments item) of what was paid beyond the new total: the
 * refunds' receipts take it back out of income, and QuickBooks will not lower an invoice below its payments.
 */
export const invoiceChange = (qboId: string, syncToken: string, source: InvoiceSource, mapping: AccountingMapping, beyondCents = 0): Line => ({
  Id: qboId,
  SyncToken: syncToken,
  sparse: true,
  TxnDate: source.txnDate,
  Line: [...invoiceLines(source, mapping), ...(beyondCents > 0 ? [salesLine(mapping.adjustmentsItem, paidBeyondLine, beyondCents, source.serviceDate)] : [])],
});

/** Why a cancelled booking's invoice keeps an amount, the words of its one line. */
export const cancelledLine = {
  kept: 'Kept on cancellation, as the cancellation policy says',
  /** Kept, then part of it (credit) given back to the customer's credit. */
  keptLessCredit: 'Kept on cancellation, less credit given back to the customer',
  /** Nothing kept, but payments are applied to the invoice: QuickBooks will not void it while they are. */
  paidBack: 'Cancelled booking: the amount paid on it, refunded or moved to credit',
  /** Some kept, and more paid on it than that: the rest refunded or moved to credit. */
  keptAndPaidBack: 'Cancelled booking: the amount paid on it, kept as the cancellation policy says, the rest refunded or moved to credit',
} as const;

/** What a cancellation leaves on the invoice: one line of that amount (what the policy kept, or what was paid on it, if more). */
export const cancelledInvoice = (qboId: string, syncToken: string, cents: number, date: string, mapping: AccountingMapping, description: string): Line => ({
  Id: qboId,
  SyncToken: syncToken,
  sparse: true,
  Line: [salesLine(mapping.adjustmentsItem, description, cents, date)],
});

/**
 * A cancellation's change of an invoice dated in a closed period, as a credit memo dated in the first open
 * one: `reversed` are the lines taken off (the invoice's own, or what an earlier such memo left on it) and
 * `keptCents` one negative line of what stays sold, on the adjustments item, so the memo's total is what the
 * invoice comes down by and each item's account moves as the invoice's own change would have moved it.
 */
export function closedPeriodMemo(p: { customerQboId: string; date: string; reversed: Line[]; keptCents: number; description: string; mapping: AccountingMapping; note: string }): Line {
  const lines = p.reversed.map((l) => {
    const { DetailType, Amount, Description, SalesItemLineDetail, DiscountLineDetail } = l as Record<string, unknown>;
    return Object.fromEntries(Object.entries({ DetailType, Amount, Description, SalesItemLineDetail, DiscountLineDetail }).filter(([, v]) => v !== undefined));
  });
  if (p.keptCents > 0) lines.push(salesLine(p.mapping.adjustmentsItem, p.description, -p.keptCents, p.date));
  return { CustomerRef: { value: p.customerQboId }, TxnDate: p.date, PrivateNote: p.note.slice(0, 4000), Line: lines };
}

/** What a memo's (or an invoice's) lines add up to, in cents: sales lines less discount lines. */
export const linesTotal = (lines: Line[]): number =>
  lines.reduce((sum, l) => (l.DetailType === 'SalesItemLineDetail' ? sum + centsFromQuickBooks(l.Amount) : l.DetailType === 'DiscountLineDetail' ? sum - centsFromQuickBooks(l.Amount) : sum), 0);

/** A line of `cents` on the adjustments item (what an earlier closed-period memo left on an invoice, taken off now). */
export const adjustmentsLine = (mapping: AccountingMapping, description: string, cents: number, date: string): Line => salesLine(mapping.adjustmentsItem, description, cents, date);

export const paymentObject = (p: { customerQboId: string; invoiceQboId: string; cents: number; date: string; accountId: string; note: string }): Line => ({
  CustomerRef: { value: p.customerQboId },
  TotalAmt: dollars(p.cents),
  TxnDate: p.date,
  DepositToAccountRef: { value: p.accountId },
  PrivateNote: p.note,
  Line: [{ Amount: dollars(p.cents), LinkedTxn: [{ TxnId: p.invoiceQboId, TxnType: 'Invoice' }] }],
});

const creditPaymentLines = (invoiceQboId: string, memos: { qboId: string; cents: number }[]): Line[] => [
  { Amount: dollars(memos.reduce((s, m) => s + m.cents, 0)), LinkedTxn: [{ TxnId: invoiceQboId, TxnType: 'Invoice' }] },
  ...memos.map((m) => ({ Amount: dollars(m.cents), LinkedTxn: [{ TxnId: m.qboId, TxnType: 'CreditMemo' }] })),
];

/** Credit spent on a booking: a zero payment that applies the credit memos to the invoice, as QuickBooks does it. */
export const creditPaymentObject = (p: { customerQboId: string; invoiceQboId: string; memos: { qboId: string; cents: number }[]; date: string; note: string }): Line => ({
  CustomerRef: { value: p.customerQboId },
  TotalAmt: 0,
  TxnDate: p.date,
  PrivateNote: p.note,
  Line: creditPaymentLines(p.invoiceQboId, p.memos),
});

/**
 * Deposits held that a journal entry moved from the liability to Accounts Receivable (the party's day, a
 * cancellation), applied to the booking's invoice: a zero payment linking the invoice and that entry, as
 * a credit memo is applied (Intuit's Payment reference: a line's LinkedTxn may be a JournalEntry). Without
 * it QuickBooks shows the invoice open beside an unapplied credit of the same amount.
 */
export const depositLinkObject = (p: { customerQboId: string; invoiceQboId: string; entryQboId: string; cents: number; date: string; note: string }): Line => ({
  CustomerRef: { value: p.customerQboId },
  TotalAmt: 0,
  TxnDate: p.date,
  PrivateNote: p.note,
  Line: [
    { Amount: dollars(p.cents), LinkedTxn: [{ TxnId: p.invoiceQboId, TxnType: 'Invoice' }] },
    { Amount: dollars(p.cents), LinkedTxn: [{ TxnId: p.entryQboId, TxnType: 'JournalEntry' }] },
  ],
});

/**
 * Part of that credit given back: the same payment applying only what is still spent (QuickBooks replaces the
 * whole Line list); a memo that moved customers since stays applied, the part given back to the invoice that
 * moves it (returnToMovedCredit), so the invoices' lines add up to the memos'.
 */
export const creditPaymentChange = (qboId: string, syncToken: string, invoices: { qboId: string; cents: number }[], memos: { qboId: string; cents: number }[]): Line => ({
  Id: qboId,
  SyncToken: syncToken,
  sparse: true,
  TotalAmt: 0,
  Line: [
    ...invoices.map((i) => ({ Amount: dollars(i.cents), LinkedTxn: [{ TxnId: i.qboId, TxnType: 'Invoice' }] })),
    ...memos.map((m) => ({ Amount: dollars(m.cents), LinkedTxn: [{ TxnId: m.qboId, TxnType: 'CreditMemo' }] })),
  ],
});

/** A deposit taken before the party: into the bank, held in the deposit liability for this customer. */
export const heldDepositObject = (p: { customerQboId: string; cents: number; date: string; accountId: string; liabilityId: string; note: string }): Line => ({
  TxnDate: p.date,
  DepositToAccountRef: { value: p.accountId },
  PrivateNote: p.note,
  Line: [
    {
      Amount: dollars(p.cents),
      DetailType: 'DepositLineDetail',
      Description: p.note,
      DepositLineDetail: { AccountRef: { value: p.liabilityId }, Entity: { value: p.customerQboId, type: 'Customer' } },
    },
  ],
});

const journalLine = (posting: 'Debit' | 'Credit', accountId: string, cents: number, description: string, customerQboId?: string): Line => ({
  DetailType: 'JournalEntryLineDetail',
  Amount: dollars(cents),
  Description: description,
  JournalEntryLineDetail: { PostingType: posting, AccountRef: { value: accountId }, ...(customerQboId ? { Entity: { Type: 'Customer', EntityRef: { value: customerQboId } } } : {}) },
});

/** On the party's day (or its cancellation), the deposits held move from the liability to settle the customer's invoice. */
export const depositIncomeEntry = (p: { customerQboId: string; cents: number; date: string; mapping: AccountingMapping; bookingNumber: string }): Line => ({
  TxnDate: p.date,
  DocNumber: `D-${p.bookingNumber}`.slice(0, 21),
  PrivateNote: `Deposits for booking ${p.bookingNumber} earned on the party's day`,
  Line: [
    journalLine('Debit', p.mapping.depositLiabilityAccount, p.cents, `Deposits held for ${p.bookingNumber}`, p.customerQboId),
    journalLine('Credit', p.mapping.receivableAccount, p.cents, `Booking ${p.bookingNumber}`, p.customerQboId),
  ],
});

/** A refund of a deposit still held: out of the bank, off the liability (no income was recorded yet). */
export const heldRefundEntry = (p: { customerQboId: string; cents: number; date: string; accountId: string; mapping: AccountingMapping; note: string }): Line => ({
  TxnDate: p.date,
  PrivateNote: p.note,
  Line: [journalLine('Debit', p.mapping.depositLiabilityAccount, p.cents, p.note, p.customerQboId), journalLine('Credit', p.accountId, p.cents, p.note, p.customerQboId)],
});

export const refundReceiptObject = (p: { customerQboId: string; cents: number; date: string; accountId: string; mapping: AccountingMapping; note: string }): Line => ({
  CustomerRef: { value: p.customerQboId },
  TxnDate: p.date,
  DepositToAccountRef: { value: p.accountId },
  PrivateNote: p.note,
  Line: [salesLine(p.mapping.adjustmentsItem, p.note, p.cents, p.date)],
});

export const creditMemoObject = (p: { customerQboId: string; cents: number; date: string; mapping: AccountingMapping; note: string }): Line => ({
  CustomerRef: { value: p.customerQboId },
  TxnDate: p.date,
  PrivateNote: p.note,
  Line: [salesLine(p.mapping.adjustmentsItem, p.note, p.cents, p.date)],
});

/**
 * What a customer forfeited of a store credit (it expired, or staff voided it): an invoice of that
 * amount, to which the credit's memo is then applied (creditPaymentObject), so the memo is closed and
 * what was forfeited lands on the item's account, as an accountant records breakage.
 */
export const forfeitInvoiceObject = (p: { customerQboId: string; cents: number; date: string; itemId: string; description: string; note: string }): Line => ({
  TxnDate: p.date,
  CustomerRef: { value: p.customerQboId },
  PrivateNote: p.note.slice(0, 4000),
  Line: [salesLine(p.itemId, p.description, p.cents, p.date)],
});

/** One balance transaction a Stripe payout carried (a charge, a refund, an adjustment, Stripe's own fees …). */
export interface PayoutTransaction {
  type: string;
  /** What it moved in the balance, in cents: negative for a refund. */
  amountCents: number;
  /** Stripe's fee on it, in cents. */
  feeCents: number;
  description: string;
}

export class PayoutMismatch extends Error {
  override name = 'PayoutMismatch';
}

/** Balance transactions that are Stripe charging the business (not a customer's money): they go to the fee account. */
const STRIPE_CHARGES = new Set(['stripe_fee', 'stripe_fx_fee', 'tax', 'application_fee']);

/**
 * A Stripe payout as QuickBooks Deposit into the bank: each payment it carries comes out of the
 * account card payments land in (Undeposited Funds), refunds go back as negative lines, and Stripe's
 * fees are one negative line to the fee expense account, so the deposit is exactly what reached the
 * bank. A manual payout's transactions cannot be listed (Stripe itemises automatic payouts only): it
 * comes out of the card payments' account whole.
 */
export function payoutDepositObject(p: { payoutId: string; amountCents: number; date: string; transactions: PayoutTransaction[]; bankId: string; mapping: AccountingMapping }): Line {
  let sum = 0;
  const line = (cents: number, accountId: string, description: string): Line => {
    sum += cents;
    return { Amount: dollars(cents), DetailType: 'DepositLineDetail', Description: description.slice(0, 4000), DepositLineDetail: { AccountRef: { value: accountId } } };
  };
  const lines = p.transactions.filter((t) => t.amountCents !== 0).map((t) => line(t.amountCents, STRIPE_CHARGES.has(t.type) ? p.mapping.stripeFeeAccount : p.mapping.cardDepositAccount, t.description));
  const fees = p.transactions.reduce((sum, t) => sum + t.feeCents, 0);
  if (fees !== 0) lines.push(line(-fees, p.mapping.stripeFeeAccount, `Stripe fees, payout ${p.payoutId}`));
  if (p.transactions.length === 0) lines.push(line(p.amountCents, p.mapping.cardDepositAccount, `Stripe payout ${p.payoutId} (a manual payout: Stripe does not itemise it)`));
  if (sum !== p.amountCents) throw new PayoutMismatch(`The payout's transactions add up to ${sum} cents, Stripe paid out ${p.amountCents}.`);
  return {
    TxnDate: p.date,
    DepositToAccountRef: { value: p.bankId },
    PrivateNote: `Stripe payout ${p.payoutId}`,
    Line: lines,
  };
}

/** QuickBooks' display names are unique across customers: the e-mail keeps two customers of one name apart. */
export const customerObject = (c: { name: string; email: string; phone: string }): Line => ({
  DisplayName: `${c.name} (${c.email})`.slice(0, 500),
  PrimaryEmailAddr: { Address: c.email },
  PrimaryPhone: { FreeFormNumber: c.phone.slice(0, 30) },
});

/** A query literal: QuickBooks' query language escapes a quote with a backslash. */
export const queryLiteral = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
