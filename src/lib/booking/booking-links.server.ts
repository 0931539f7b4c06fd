import { createHmac, randomBytes } from 'node:crypto';
import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import type { Database } from '../db/index.server';
import { AppError } from '../http';
import { publicApi, signWaiverPath } from '../paths';
import type { LinksToRotate } from './booking-links';

/**
 * 32 random bytes, base64url: the secret of a link that opens something without a login. The bytes
 * come from a pool drawn 4 KB at a time from the same generator (as crypto.randomUUID and randomInt
 * keep theirs), each byte used once: a booking makes two tokens, and drawing each with a call of its
 * own into the system's generator was about 1 % of the server's CPU per booking (profiled).
 */
export function newLinkToken(): string {
  if (tokenBytesAt + TOKEN_BYTES > tokenBytes.length) {
    tokenBytes = randomBytes(TOKEN_POOL_BYTES);
    tokenBytesAt = 0;
  }
  const token = tokenBytes.toString('base64url', tokenBytesAt, tokenBytesAt + TOKEN_BYTES);
  tokenBytesAt += TOKEN_BYTES;
  return token;
}
const TOKEN_BYTES = 32;
const TOKEN_POOL_BYTES = 4096;
let tokenBytes = Buffer.alloc(0);
let tokenBytesAt = 0;

/**
 * The key of a booking's "Confirm your booking request" link (issue #36): an HMAC of the booking number
 * made with the booking's own secret (its manage token), so the link needs nothing stored of its own,
 * opens nothing but the confirmation (it cannot move or cancel the booking), and stops working when
 * staff rotate the booking's personal links.
 */
export const confirmRequestKey = (number: string, manageToken: string): string =>
  createHmac('sha256', manageToken).update(`confirm-booking-request/v1:${number}`).digest('base64url');

/**
 * The key that adds photos of the setup spot to a booking (issue #38), made like confirmRequestKey: the
 * checkout gets it with the new booking and the tracking page with the booking the customer proved is
 * theirs; it adds photos and opens nothing else, and rotating the booking's links changes it.
 */
export const sitePhotosKey = (number: string, manageToken: string): string =>
  createHmac('sha256', manageToken).update(`site-photos/v1:${number}`).digest('base64url');

/** The booking's two links without a login, for the booking screen: each opens one thing. */
export interface BookingLinks {
  /** The invoice (renter's contact details and payments): e-mails and the tracking page carry it. */
  invoice: string;
  /** The guests' waiver link (party QR code, share link): opens the waiver and nothing else. */
  guestWaiver: string;
}

export const bookingLinks = (number: string, tokens: { invoice_token: string; waiver_key: string }): BookingLinks => ({
  invoice: publicApi.bookingInvoice(number, tokens.invoice_token),
  guestWaiver: signWaiverPath(number, { key: tokens.waiver_key }),
});

/**
 * Gives the booking new link secrets: the old invoice link, or the old party QR code and share link,
 * stop working at once (a link that went further than it should have, a printed code that got out).
 * The audit entry names what was rotated, never the secrets.
 */
export async function rotateBookingLinks(db: Database, id: string, links: LinksToRotate, audit: Audit, now: Date): Promise<{ links: BookingLinks }> {
  const invoice = links === 'invoice' || links === 'both';
  const guest = links === 'guest' || links === 'both';
  // One statement reads and changes the row, so it needs no lock step.
  return auditedChange(db, audit, {
    change: async (tx) => {
      const [row] = await tx<{ number: string; invoice_token: string; waiver_key: string }[]>`
        update bookings set
          invoice_token = case when ${invoice} then ${newLinkToken()} else invoice_token end,
          -- The customer's other personal link ("Change or cancel your booking") goes with the invoice's.
          manage_token = case when ${invoice} then ${newLinkToken()} else manage_token end,
          waiver_key = case when ${guest} then ${newLinkToken()} else waiver_key end,
          updated_at = ${now}
        where id = ${id}
        returning number, invoice_token, waiver_key`;
      if (!row) throw new AppError('not_found', 'No such booking.');
      return { links: bookingLinks(row.number, row) };
    },
    audit: () => ({
      action: 'booking.rotate_links',
      entity: 'booking',
      entityId: id,
      after: { rotated: [...(invoice ? ['invoice', 'change or cancel'] : []), ...(guest ? ['guest waiver'] : [])] },
    }),
  });
}
