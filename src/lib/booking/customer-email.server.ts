import { queueEmail } from '../email/index.server';
import { depositPaidOnline } from './quote-price.server';
import { getBookingView, type BookingView } from './booking-view.server';
import { env } from '../config';
import type { Sql } from '../db/index.server';
import { customerBookingEmail, type ChangedBy } from './booking-emails';
import type { BusinessSettings } from '../business';
import type { CustomerMoveCakes } from './booking-cakes';
import { getSettings } from '../business/index.server';


/** The customer's booking e-mail as the booking stands in `tx`, into the outbox (sent after commit). */
export async function queueCustomerEmail(
  tx: Sql,
  id: string,
  now: Date,
  { changedBy, totalBefore, cakes, ...known }: { changedBy?: ChangedBy | undefined; totalBefore?: number | undefined; cakes?: CustomerMoveCakes | undefined } & Partial<{ view: BookingView; settings: BusinessSettings }> = {},
) {
  // The booking and settings when the caller has just read them in this transaction.
  const [view, settings] = await Promise.all([known.view ?? getBookingView(tx, { id }), known.settings ?? getSettings(tx)]);
  const email = customerBookingEmail(view!, settings, env().SITE_URL, { changedBy, totalBefore, cakes, depositOnline: depositPaidOnline(settings) });
  const emailId = await queueEmail(tx, 'booking-customer', email, now);
  return { emailId, to: email.to, subject: email.subject };
}
