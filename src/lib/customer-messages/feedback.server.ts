import { writeSiteAudit } from '../auth/index.server';
import { newLinkToken } from '../booking/index.server';
import { getSettings } from '../business/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import { localizedPath, type Locale } from '../i18n';
import { sameSecret } from '../http/index.server';
import { feedbackPath, productListPath } from '../paths';
import type { FeedbackBody } from './message-inputs';

const NOT_FOUND = 'We couldn’t find that link. It may have a typo, or it may have expired.';

/** The review request's key for a booking (made the first time it is asked for). */
export async function reviewRequestKey(tx: Sql, bookingId: string): Promise<string> {
  await tx`insert into review_requests (booking_id, key) values (${bookingId}, ${newLinkToken()}) on conflict (booking_id) do nothing`;
  const [row] = await tx<{ key: string }[]>`select key from review_requests where booking_id = ${bookingId}`;
  return row!.key;
}

interface RequestRow {
  booking_id: string;
  key: string;
  name: string;
  email: string;
  phone: string;
  number: string;
  language: Locale;
  feedback_message_id: string | null;
}

async function findRequest(sql: Sql, bookingNumber: string, key: string, lock = false): Promise<RequestRow> {
  const [row] = await sql<RequestRow[]>`
    select r.booking_id, r.key, r.feedback_message_id, b.contact_name as name, b.contact_email as email, b.contact_phone as phone, b.number, b.language
    from review_requests r join bookings b on b.id = r.booking_id
    where b.number = ${bookingNumber}
    ${lock ? sql`for update of r` : sql``}`;
  if (!row || !sameSecret(row.key, key)) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/**
 * "How did we do?": the answer is recorded (the last one counts) and the customer is sent on: a happy
 * answer to the owner's review link (the products page when there is none), an unhappy one to the
 * private feedback form.
 */
export async function answerReview(
  db: Database,
  q: { booking: string; key: string; answer: 'happy' | 'unhappy' },
  now: Date,
): Promise<{ redirect: string }> {
  return db.begin(async (tx) => {
    const request = await findRequest(tx, q.booking, q.key, true);
    await tx`update review_requests set answer = ${q.answer}, answered_at = ${now} where booking_id = ${request.booking_id}`;
    const settings = await getSettings(tx);
    // The site's page in the language the customer booked in, which the e-mail that asked was written in.
    const page = (path: string) => localizedPath(path, request.language, settings.offerSpanish);
    if (q.answer === 'unhappy') return { redirect: page(feedbackPath(request.number, request.key)) };
    return { redirect: settings.reviewUrl || page(productListPath()) };
  });
}

/** What the feedback page shows before the form: whose booking it is, nothing more. */
export async function feedbackContext(sql: Sql, bookingNumber: string, key: string) {
  const request = await findRequest(sql, bookingNumber, key);
  return {
    bookingNumber: request.number,
    firstName: request.name.trim().split(/\s+/)[0] ?? '',
    sent: request.feedback_message_id !== null,
  };
}

/**
 * The private feedback form: lands in the admin inbox (kind feedback) with the booking's number and
 * contact, never anywhere public. Once per review request: a second send is refused, saying so.
 */
export async function submitFeedback(db: Database, body: FeedbackBody, now: Date): Promise<{ reference: string }> {
  return db.begin(async (tx) => {
    const request = await findRequest(tx, body.booking, body.key, true);
    if (request.feedback_message_id)
      throw new AppError('conflict', 'We already have your feedback for this party. Thank you!');
    const [message] = await tx<{ id: string }[]>`
      insert into contact_messages ${tx({
        submission_id: body.submissionId,
        kind: 'feedback',
        name: request.name,
        email: request.email,
        phone: request.phone,
        subject: `Private feedback on booking ${request.number}`,
        message: body.message,
        booking_number: request.number,
        created_at: now,
      })} returning id`;
    await tx`update review_requests set answer = 'unhappy', answered_at = coalesce(answered_at, ${now}), feedback_message_id = ${message!.id} where booking_id = ${request.booking_id}`;
    await writeSiteAudit(
      tx,
      {
        action: 'booking.feedback',
        entity: 'booking',
        entityId: request.booking_id,
        after: { contactMessageId: message!.id },
      },
      now,
    );
    return { reference: message!.id };
  });
}
