import type { Database } from '../db/index.server';
import { callJson } from '../db/index.server';
import { queueEmails } from '../email/index.server';
import { getSettings } from '../business/index.server';
import { AppError } from '../http';
import type { Locale } from '../i18n';
import { sameSecret } from '../http/index.server';
import { confirmRequestKey } from './booking-links.server';
import { confirmRequestAnswer, type ConfirmedRow, type ConfirmRequestAnswer, type ConfirmRequestBody } from './confirm-request';
import { releaseEmails } from './holds.server';
import type { ReleasedBooking } from './release-emails';
import { payLaterDeadline } from './unpaid-holds';

const NOT_FOUND = 'We couldn’t find that link. It may have a typo: open it from the e-mail as it is.';

/**
 * "Confirm your booking request" (issue #36): the customer's click on the signed link in the booking
 * e-mail. A pay-later website booking then keeps its units for the owner's pay-later window (counted
 * from when it was placed) instead of the first hour. A second click changes nothing and answers the
 * same; a link opened after the hour finds the booking released and offers its products again.
 *
 * Two round trips and one short transaction: the booking's secret and the owner's window (checked
 * here, so a wrong key writes nothing), then `confirm_booking_request`, which releases whatever is
 * past its deadline first, as a booking does, so the customer's own booking is never confirmed after
 * its hour; the e-mails about what it released are stored in the same transaction.
 */
export async function confirmBookingRequest(db: Database, body: ConfirmRequestBody, now: Date, language: Locale = 'en'): Promise<ConfirmRequestAnswer> {
  const [booking] = await db<{ id: string; manage_token: string; created_at: Date; unpaid_hold_hours: number }[]>`
    select b.id, b.manage_token, b.created_at, s.unpaid_hold_hours
    from bookings b cross join business_settings s
    where s.id and b.number = ${body.bookingNumber}`;
  if (!booking || !sameSecret(confirmRequestKey(body.bookingNumber, booking.manage_token), body.key)) throw new AppError('not_found', NOT_FOUND);
  const deadline = payLaterDeadline(booking.created_at, { unpaidHoldHours: booking.unpaid_hold_hours }, now);
  const row = await db.begin(async (tx) => {
    const answer = await callJson<ConfirmedRow & { released: ReleasedBooking[] }>(tx, 'confirm_booking_request', { id: booking.id, now, deadline });
    if (answer.released.length > 0) await queueEmails(tx, await releaseEmails(tx, answer.released, await getSettings(tx)), now);
    return answer;
  });
  if (row.state === 'unknown') throw new AppError('not_found', NOT_FOUND);
  return confirmRequestAnswer(body.bookingNumber, row, language);
}
