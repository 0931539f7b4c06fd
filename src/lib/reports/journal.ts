import { csvColumns } from './csv';
import { centsToDecimal } from '../money';

/**
 * The accountant's journal (issue #41): the range's money as double-entry lines any accounting program
 * takes, built from the same rows and on the same local calendar as the reports screen, so its totals tie
 * to Revenue by month to the cent. Pure: journal.server.ts reads the rows.
 *
 * The accounts (named for the accountant to map to their chart of accounts):
 * - a booking's revenue is earned on its event day: Accounts receivable against the income lines;
 * - money taken before the event day is owed to the customer until then: it goes to Customer deposits
 *   (a liability) and moves to Accounts receivable on the event day; money taken on or after it goes
 *   straight to Accounts receivable; money of a booking that no longer counts (cancelled, expired) stays
 *   in Customer deposits until it is refunded, kept under the cancellation policy or turned into credit;
 * - credit is a liability too (Customer credits): a refund to credit moves money from the booking into
 *   it, a spend pays a booking from it, expiry releases it as income, and a credit staff give without
 *   money behind it (goodwill) is an expense.
 */

export const ACCOUNTS = {
  receivable: 'Accounts receivable',
  deposits: 'Customer deposits (liability)',
  credits: 'Customer credits (liability)',
  rentals: 'Rental income',
  delivery: 'Delivery income',
  waiver: 'Damage waiver income',
  siteCharges: 'Setup charges income',
  adjustments: 'Staff adjustments',
  discounts: 'Discounts',
  tax: 'Sales tax payable',
  kept: 'Cancellation income',
  expired: 'Expired credit income',
  goodwill: 'Goodwill credits (expense)',
  card: 'Card payments (Stripe)',
  cardInPerson: 'Card payments (in person)',
  cash: 'Cash and checks (undeposited funds)',
} as const;

export type PaymentMethod = 'stripe' | 'card_in_person' | 'cash' | 'check' | 'credit';

/** Where a payment's money came from (a refund's went back to). */
export const methodAccount = (method: PaymentMethod): string =>
  method === 'stripe' ? ACCOUNTS.card : method === 'card_in_person' ? ACCOUNTS.cardInPerson : method === 'credit' ? ACCOUNTS.credits : ACCOUNTS.cash;

/** A counted booking whose event day is in the range. */
export interface EventRow {
  date: string;
  booking: string;
  customer: string;
  subtotalCents: number;
  deliveryCents: number;
  waiverCents: number;
  siteChargesCents: number;
  /** Staff adjustments: a surcharge (> 0) or a discount (< 0). */
  adjustmentsCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  /** Payments less refunds (money and credit) dated before the event day: what Customer deposits held for it. */
  paidBeforeCents: number;
}

/** A succeeded payment or refund dated in the range. */
export interface MoneyRow {
  date: string;
  booking: string;
  customer: string;
  kind: 'payment' | 'refund';
  method: PaymentMethod;
  amountCents: number;
  /** Before the event day, or the booking no longer counts: the customer's money is held, not yet applied. */
  held: boolean;
}

/** Credit given without money behind it (staff goodwill), a credit's unspent part expiring, or the part of a cancelled booking's payments kept. */
export interface OtherRow {
  date: string;
  booking: string;
  customer: string;
  kind: 'goodwill' | 'expired' | 'kept';
  amountCents: number;
}

export interface JournalLine {
  date: string;
  entry: string;
  type: string;
  booking: string;
  customer: string;
  account: string;
  debitCents: number;
  creditCents: number;
}

type Leg = { account: string; cents: number };

/** One entry's lines: debits (cents > 0) and credits (cents < 0) that sum to zero; zero legs left out. */
function entryLines(head: Omit<JournalLine, 'entry' | 'account' | 'debitCents' | 'creditCents'>, legs: Leg[]): Omit<JournalLine, 'entry'>[] {
  return legs
    .filter((leg) => leg.cents !== 0)
    .map((leg) => ({ ...head, account: leg.account, debitCents: Math.max(leg.cents, 0), creditCents: Math.max(-leg.cents, 0) }));
}

function eventLegs(e: EventRow): Leg[] {
  return [
    { account: ACCOUNTS.receivable, cents: e.totalCents },
    { account: ACCOUNTS.discounts, cents: e.discountCents },
    { account: ACCOUNTS.rentals, cents: -e.subtotalCents },
    { account: ACCOUNTS.delivery, cents: -e.deliveryCents },
    { account: ACCOUNTS.waiver, cents: -e.waiverCents },
    { account: ACCOUNTS.siteCharges, cents: -e.siteChargesCents },
    { account: ACCOUNTS.adjustments, cents: -e.adjustmentsCents },
    { account: ACCOUNTS.tax, cents: -e.taxCents },
  ];
}

/** The range's journal, by day, each entry numbered and balanced. */
export function journal(events: EventRow[], money: MoneyRow[], other: OtherRow[]): JournalLine[] {
  const entries: { date: string; order: number; lines: Omit<JournalLine, 'entry'>[] }[] = [];
  for (const e of events) {
    const head = { date: e.date, booking: e.booking, customer: e.customer };
    entries.push({ date: e.date, order: 0, lines: entryLines({ ...head, type: 'Event: revenue earned' }, eventLegs(e)) });
    if (e.paidBeforeCents !== 0)
      entries.push({
        date: e.date,
        order: 1,
        lines: entryLines({ ...head, type: 'Event: deposits applied' }, [
          { account: ACCOUNTS.deposits, cents: e.paidBeforeCents },
          { account: ACCOUNTS.receivable, cents: -e.paidBeforeCents },
        ]),
      });
  }
  for (const m of money) {
    const applied = m.held ? ACCOUNTS.deposits : ACCOUNTS.receivable;
    const sign = m.kind === 'payment' ? 1 : -1;
    const type = `${m.kind === 'payment' ? 'Payment' : 'Refund'}${m.method === 'credit' ? ' (credit)' : ''}`;
    entries.push({
      date: m.date,
      order: 2,
      lines: entryLines({ date: m.date, booking: m.booking, customer: m.customer, type }, [
        { account: methodAccount(m.method), cents: sign * m.amountCents },
        { account: applied, cents: -sign * m.amountCents },
      ]),
    });
  }
  for (const o of other) {
    const legs: Record<OtherRow['kind'], [string, Leg[]]> = {
      goodwill: ['Credit given', [{ account: ACCOUNTS.goodwill, cents: o.amountCents }, { account: ACCOUNTS.credits, cents: -o.amountCents }]],
      expired: ['Credit expired', [{ account: ACCOUNTS.credits, cents: o.amountCents }, { account: ACCOUNTS.expired, cents: -o.amountCents }]],
      kept: ['Cancellation: amount kept', [{ account: ACCOUNTS.deposits, cents: o.amountCents }, { account: ACCOUNTS.kept, cents: -o.amountCents }]],
    };
    const [type, entryLegs] = legs[o.kind];
    entries.push({ date: o.date, order: 3, lines: entryLines({ date: o.date, booking: o.booking, customer: o.customer, type }, entryLegs) });
  }
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || (a.lines[0]?.booking ?? '').localeCompare(b.lines[0]?.booking ?? ''));
  return entries.filter((e) => e.lines.length > 0).flatMap((e, i) => e.lines.map((line) => ({ ...line, entry: `J${i + 1}` })));
}

/** The figures of Reports → Revenue by month, read back from the journal's lines. */
export function journalTies(lines: JournalLine[]): { bookedCents: number; paidCents: number; refundedCents: number; collectedCents: number } {
  const moneyAccounts = new Set<string>([ACCOUNTS.card, ACCOUNTS.cardInPerson, ACCOUNTS.cash]);
  let booked = 0;
  let paid = 0;
  let refunded = 0;
  for (const l of lines) {
    if (l.type === 'Event: revenue earned' && l.account === ACCOUNTS.receivable) booked += l.debitCents;
    if (moneyAccounts.has(l.account)) {
      paid += l.debitCents;
      refunded += l.creditCents;
    }
  }
  return { bookedCents: booked, paidCents: paid, refundedCents: refunded, collectedCents: paid - refunded };
}

const money = (cents: number) => (cents === 0 ? '' : centsToDecimal(cents));

export const journalColumns = csvColumns<JournalLine>({
  Date: 'date',
  Entry: 'entry',
  Type: 'type',
  Booking: 'booking',
  Customer: 'customer',
  Account: 'account',
  'Debit ($)': (l) => money(l.debitCents),
  'Credit ($)': (l) => money(l.creditCents),
});

/**
 * The lines, then a total per account and the reports' figures as the journal gives them (marked
 * `Total` in the Type column, so a program importing the lines can leave them out).
 */
export function journalWithTotals(lines: JournalLine[], range: { from: string; to: string }): JournalLine[] {
  const byAccount = new Map<string, { debit: number; credit: number }>();
  for (const l of lines) {
    const sum = byAccount.get(l.account) ?? { debit: 0, credit: 0 };
    sum.debit += l.debitCents;
    sum.credit += l.creditCents;
    byAccount.set(l.account, sum);
  }
  const total = (account: string, debitCents: number, creditCents = 0): JournalLine => ({ date: range.to, entry: '', type: 'Total', booking: '', customer: '', account, debitCents, creditCents });
  const ties = journalTies(lines);
  return [
    ...lines,
    ...[...byAccount].sort(([a], [b]) => a.localeCompare(b)).map(([account, sum]) => total(account, sum.debit, sum.credit)),
    total(`Reports: booked revenue ${range.from} to ${range.to}`, ties.bookedCents),
    total(`Reports: payments received ${range.from} to ${range.to}`, ties.paidCents),
    total(`Reports: refunds ${range.from} to ${range.to}`, 0, ties.refundedCents),
    total(`Reports: collected ${range.from} to ${range.to}`, ties.collectedCents),
  ];
}
