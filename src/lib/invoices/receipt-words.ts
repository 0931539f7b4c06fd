import type { Locale } from '../i18n';

/*
 * The receipt's words (a payment, a refund, a payment from credit) in the booking's language (issue #40).
 * English is exactly what the receipts always said; a word missing in Spanish fails `tsc`.
 */
export interface ReceiptWords {
  refundSubject: (amount: string, number: string) => string;
  receiptSubject: (amount: string, number: string) => string;
  hi: (firstName: string) => string;
  returnedToCredit: (amount: string, number: string) => string;
  refunded: (amount: string, number: string) => string;
  cardRefundTakes: string;
  appliedCredit: (amount: string, number: string) => string;
  received: (amount: string, number: string) => string;
  stillDue: (amount: string, by: string | null) => string;
  overpaid: (amount: string) => string;
  paidInFull: string;
  /** A cancelled booking owes nothing: it is not "paid in full" (what the customer paid is refunded, or kept by the policy). */
  cancelled: string;
  cancelledRefundDue: (amount: string) => string;
  /** A hold that ran out before it was confirmed (money that came too late is refunded): nothing is owed, nothing was paid for. */
  notConfirmed: string;
  invoice: (url: string) => string;
  track: (url: string) => string;
  refundedRow: string;
  receivedRow: string;
  method: string;
  date: string;
  booking: string;
  bookingTotal: string;
  paidSoFar: string;
  balanceDue: string;
}

const en: ReceiptWords = {
  refundSubject: (amount, number) => `Refund of ${amount} for booking ${number}`,
  receiptSubject: (amount, number) => `Receipt: ${amount} received for booking ${number}`,
  hi: (firstName) => `Hi ${firstName},`,
  returnedToCredit: (amount, number) => `We have returned ${amount} to your credit with us for booking ${number}: you can spend it on another booking.`,
  refunded: (amount, number) => `We have refunded ${amount} to you for booking ${number}.`,
  cardRefundTakes: ' Card refunds take 5 to 10 business days to reach your account.',
  appliedCredit: (amount, number) => `We applied ${amount} of your credit to booking ${number} (paid from credit).`,
  received: (amount, number) => `Thank you! We received ${amount} for booking ${number}.`,
  stillDue: (amount, by) => `Balance still due: ${amount}${by ? `, by ${by}` : ''}.`,
  overpaid: (amount) => `You have paid ${amount} more than the total; we will refund it.`,
  paidInFull: 'Your booking is paid in full.',
  cancelled: 'Your booking is cancelled.',
  cancelledRefundDue: (amount) => `Your booking is cancelled; we will refund the other ${amount} you paid.`,
  notConfirmed: 'Your booking was not confirmed, so nothing is owed.',
  invoice: (url) => `Your invoice (PDF): ${url}`,
  track: (url) => `Track your booking: ${url}`,
  refundedRow: 'Refunded',
  receivedRow: 'Amount received',
  method: 'Method',
  date: 'Date',
  booking: 'Booking',
  bookingTotal: 'Booking total',
  paidSoFar: 'Paid so far',
  balanceDue: 'Balance due',
};

const es: ReceiptWords = {
  refundSubject: (amount, number) => `Reembolso de ${amount} de la reservación ${number}`,
  receiptSubject: (amount, number) => `Recibo: recibimos ${amount} de la reservación ${number}`,
  hi: (firstName) => `Hola, ${firstName}:`,
  returnedToCredit: (amount, number) => `Devolvimos ${amount} a su crédito con nosotros de la reservación ${number}: puede usarlo en otra reservación.`,
  refunded: (amount, number) => `Le reembolsamos ${amount} de la reservación ${number}.`,
  cardRefundTakes: ' Los reembolsos a tarjeta tardan de 5 a 10 días hábiles en llegar a su cuenta.',
  appliedCredit: (amount, number) => `Aplicamos ${amount} de su crédito a la reservación ${number} (pagado con crédito).`,
  received: (amount, number) => `¡Gracias! Recibimos ${amount} de la reservación ${number}.`,
  stillDue: (amount, by) => `Saldo pendiente: ${amount}${by ? `, a más tardar el ${by}` : ''}.`,
  overpaid: (amount) => `Usted pagó ${amount} más que el total; se lo reembolsaremos.`,
  paidInFull: 'Su reservación está pagada por completo.',
  cancelled: 'Su reservación está cancelada.',
  cancelledRefundDue: (amount) => `Su reservación está cancelada; le reembolsaremos los otros ${amount} que pagó.`,
  notConfirmed: 'Su reservación no se confirmó, así que no debe nada.',
  invoice: (url) => `Su factura (PDF): ${url}`,
  track: (url) => `Consulte su reservación: ${url}`,
  refundedRow: 'Reembolsado',
  receivedRow: 'Importe recibido',
  method: 'Forma de pago',
  date: 'Fecha',
  booking: 'Reservación',
  bookingTotal: 'Total de la reservación',
  paidSoFar: 'Pagado hasta ahora',
  balanceDue: 'Saldo pendiente',
};

export const RECEIPT_WORDS: Record<Locale, ReceiptWords> = { en, es };
