import { type BookingView, customerFormats } from '../booking';
import { formatsFor, localizedUrl } from '../i18n';
import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { absoluteUrl, trackOrderPath } from '../paths';
import { formatLongDate } from '../time';
import { paymentMethodLabels, type InvoicePaymentInput } from './invoice';
import { invoicePath } from './invoice-links';
import { INVOICE_WORDS } from './invoice-words';
import { RECEIPT_WORDS } from './receipt-words';

export interface ReceiptPayment {
  kind: InvoicePaymentInput['kind'];
  method: InvoicePaymentInput['method'];
  amountCents: number;
  /** Business-local date, YYYY-MM-DD. */
  date: string;
  note: string;
}

/**
 * The customer's receipt for one payment or refund, with the booking's figures after it: what was
 * paid (refunds subtracted) and the balance still due. `b` is the booking as it stands after the payment.
 */
export function receiptEmail(b: BookingView, payment: ReceiptPayment, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const language = b.language ?? 'en';
  const w = RECEIPT_WORDS[language];
  const f = customerFormats(language);
  const money = (cents: number) => f.money(cents, settings.currency);
  const longDate = (isoDate: string) => (language === 'en' ? formatLongDate(isoDate) : formatsFor(language).longDate(isoDate));
  const refund = payment.kind === 'refund';
  const amount = money(payment.amountCents);
  const t = b.totals;
  const credit = Math.max(0, t.amountPaidCents - t.totalCents);
  const subject = refund ? w.refundSubject(amount, b.number) : w.receiptSubject(amount, b.number);
  const method = (language === 'en' ? paymentMethodLabels : INVOICE_WORDS[language].methods)[payment.method];
  // Where the booking stands after this payment or refund. A cancelled one owes nothing (amountsDue), and
  // the refunds of a cancellation said "paid in full" beside "Paid so far: $0": it is cancelled, with any
  // refund still to come. An expired one (a hold that ran out, its late payment refunded) was never confirmed.
  const standing = () => {
    if (b.status === 'cancelled') return b.refundDueCents > 0 ? w.cancelledRefundDue(money(b.refundDueCents)) : w.cancelled;
    if (b.status === 'expired') return w.notConfirmed;
    if (t.amountDueCents > 0) return w.stillDue(money(t.amountDueCents), b.balanceDueOn ? longDate(b.balanceDueOn) : null);
    return credit > 0 ? w.overpaid(money(credit)) : w.paidInFull;
  };
  const paragraphs = [
    w.hi(b.customer.firstName),
    refund
      ? payment.method === 'credit'
        ? w.returnedToCredit(amount, b.number)
        : `${w.refunded(amount, b.number)}${payment.method === 'stripe' ? w.cardRefundTakes : ''}`
      : payment.method === 'credit'
        ? w.appliedCredit(amount, b.number)
        : w.received(amount, b.number),
    standing(),
    w.invoice(absoluteUrl(siteUrl, invoicePath(b.number, b.invoiceToken))),
    w.track(localizedUrl(siteUrl, trackOrderPath(b.number), b.language, settings.offerSpanish)),
  ];
  const rows: [string, string][] = [
    [refund ? w.refundedRow : w.receivedRow, amount],
    [w.method, method],
    [w.date, longDate(payment.date)],
    [w.booking, b.number],
    [w.bookingTotal, money(t.totalCents)],
    [w.paidSoFar, money(t.amountPaidCents)],
    [w.balanceDue, money(t.amountDueCents)],
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, rows, { language });
}
