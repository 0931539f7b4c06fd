import { auditedChangeIn } from '../admin/index.server';
import { customerAudit } from '../auth/index.server';
import { getSettings } from '../business/index.server';
import { env } from '../config';
import type { Database } from '../db/index.server';
import { queueEmail, sendQueuedMail } from '../email/index.server';
import { rateLimit } from '../http/index.server';
import { manageLinkEmail, type BookingView } from '../booking';
import { findOwnBooking } from '../tracking/index.server';
import type { TrackOrderRequest } from '../tracking';

/** "j•••@example.com": where the link went, without showing the whole address to whoever typed the number. */
export const maskedEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

/** Links e-mailed for one booking per hour: a customer asks once or twice; more is someone else's doing. */
export const MANAGE_LINKS_PER_HOUR = 3;

/**
 * POST /api/manage-link: from a number + e-mail (or phone) lookup, the booking's "Change or cancel"
 * link goes to the booking's own e-mail address, never to the one asking. Audited as the customer's.
 */
export async function emailManageLink(
  db: Database,
  request: TrackOrderRequest,
  ip: string | null,
  now: Date,
): Promise<{ emailedTo: string }> {
  const view: BookingView = await findOwnBooking(db, request);
  await rateLimit(db, `manage-link:${view.number}`, MANAGE_LINKS_PER_HOUR, 3600, now);
  const settings = await getSettings(db);
  const emailId = await db.begin((tx) =>
    auditedChangeIn(tx, customerAudit(view.customer.email, ip), {
      change: (tx) => queueEmail(tx, 'booking-manage-link', manageLinkEmail(view, settings, env().SITE_URL), now),
      audit: (emailId) => ({
        action: 'booking.manage_link',
        entity: 'booking',
        entityId: view.id,
        after: { to: view.customer.email, emailId },
      }),
    }),
  );
  await sendQueuedMail(db, now, { only: [emailId] });
  return { emailedTo: maskedEmail(view.customer.email) };
}
