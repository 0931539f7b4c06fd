import { getBookingView } from '../booking/index.server';
import { env } from '../config';
import type { Sql } from '../db/index.server';
import { queueEmail } from '../email/index.server';
import { getSettings } from '../business/index.server';
import { localDate } from '../time';
import type { InvoicePaymentInput } from './invoice';
import { receiptEmail } from './receipt-emails';

/**
 * Queues the customer's receipt for one payment or refund row. Call it in the transaction that wrote
 * the row and updated the booking's amount paid: the receipt then shows the new balance, and it exists
 * exactly when the payment does. Sent after commit by the caller (sendQueuedMail), or by the retry.
 */
export async function queueReceipt(tx: Sql, paymentId: string, now: Date): Promise<{ emailId: string; to: string }> {
  const [payment] = await tx<{ booking_id: string; kind: InvoicePaymentInput['kind']; method: InvoicePaymentInput['method']; amount_cents: number; note: string; created_at: Date }[]>`
    select booking_id, kind, method, amount_cents, note, created_at from payments where id = ${paymentId}`;
  if (!payment) throw new Error(`No payment ${paymentId} to send a receipt for.`);
  const settings = await getSettings(tx);
  const view = (await getBookingView(tx, { id: payment.booking_id }, settings))!;
  const email = receiptEmail(
    view,
    { kind: payment.kind, method: payment.method, amountCents: payment.amount_cents, date: localDate(payment.created_at, settings.timezone), note: payment.note },
    settings,
    env().SITE_URL,
  );
  return { emailId: await queueEmail(tx, payment.kind === 'refund' ? 'refund-receipt' : 'payment-receipt', email, now), to: email.to };
}
