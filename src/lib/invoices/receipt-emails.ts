import type { BookingView } from '../booking';
import { formatMoney } from '../money';
import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { absoluteUrl, trackOrderPath } from '../paths';
import { formatLongDate } from '../time';
import { paymentMethodLabels, type InvoicePaymentInput } from './invoice';
import { invoicePath } from './invoice-links';

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
  const refund = payment.kind === 'refund';
  const amount = formatMoney(payment.amountCents, settings.currency);
  const t = b.totals;
  const credit = Math.max(0, t.amountPaidCents - t.totalCents);
  const subject = refund ? `Refund of ${amount} for booking ${b.number}` : `Receipt: ${amount} received for booking ${b.number}`;
  const method = paymentMethodLabels[payment.method];
  const paragraphs = [
    `Hi ${b.customer.firstName},`,
    refund
      ? payment.method === 'credit'
        ? `We have returned ${amount} to your credit with us for booking ${b.number}: you can spend it on another booking.`
        : `We have refunded ${amount} to you (${method.toLowerCase()}) for booking ${b.number}.${payment.method === 'stripe' ? ' Card refunds take 5 to 10 business days to reach your account.' : ''}`
      : payment.method === 'credit'
        ? `We applied ${amount} of your credit to booking ${b.number} (paid from credit).`
        : `Thank you! We received ${amount} (${method.toLowerCase()}) for booking ${b.number}.`,
    t.amountDueCents > 0
      ? `Balance still due: ${formatMoney(t.amountDueCents, settings.currency)}${b.balanceDueOn ? `, by ${formatLongDate(b.balanceDueOn)}` : ''}.`
      : credit > 0
        ? `You have paid ${formatMoney(credit, settings.currency)} more than the total; we will refund it.`
        : 'Your booking is paid in full.',
    `Your invoice (PDF): ${absoluteUrl(siteUrl, invoicePath(b.number, b.invoiceToken))}`,
    `Track your booking: ${absoluteUrl(siteUrl, trackOrderPath(b.number))}`,
  ];
  const rows: [string, string][] = [
    [refund ? 'Refunded' : 'Amount received', amount],
    ['Method', method],
    ['Date', formatLongDate(payment.date)],
    ['Booking', b.number],
    ['Booking total', formatMoney(t.totalCents, settings.currency)],
    ['Paid so far', formatMoney(t.amountPaidCents, settings.currency)],
    ['Balance due', formatMoney(t.amountDueCents, settings.currency)],
  ];
  return customerMessage(settings, b.customer.email, subject, paragraphs, rows);
}
