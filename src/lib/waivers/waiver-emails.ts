import { longDay, message, UNVERIFIED_GREETING, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { WAIVER_RULES } from './waiver-text';
import { adminPaths } from '../paths';

export interface WaiverSummary {
  id: string;
  bookingNumber: string;
  eventDate: string;
  signerName: string;
  signerEmail: string;
  signedAt: string;
  textSha256: string;
  pdfUrl: string;
  adults: string[];
  guestCount: number;
}

/**
 * The signer's copy, to the address they typed: the business's words only (see UNVERIFIED_GREETING).
 * The attached PDF is the signed document itself, names and all; copies per booking are capped.
 */
export function waiverSignerEmail(w: WaiverSummary, settings: BusinessSettings, pdf: Uint8Array): RenderedEmail {
  return message(
    settings,
    w.signerEmail,
    `Your signed waiver for booking ${w.bookingNumber}`,
    [
      UNVERIFIED_GREETING,
      `Thank you for signing the safety waiver for the party on ${longDay(w.eventDate)}. A PDF copy is attached; you can also download it here: ${w.pdfUrl}`,
      `Before the first jump, please go over the ${WAIVER_RULES.length} safety rules with the other adults supervising.`,
    ],
    [
      ['Booking', w.bookingNumber],
      ['Signed at', w.signedAt],
      ['Document fingerprint (SHA-256)', w.textSha256],
    ],
    { attachments: [{ filename: `waiver-${w.bookingNumber}.pdf`, contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }] },
  );
}

export function waiverBusinessEmail(w: WaiverSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `Waiver signed for ${w.bookingNumber} by ${w.signerName}`,
    [`${w.signerName} (${w.signerEmail}) signed the safety waiver for the party on ${longDay(w.eventDate)}.`, `All waivers: ${siteUrl}${adminPaths.waivers}`],
    [
      ['Booking', w.bookingNumber],
      ['Adults supervising', w.adults.join(', ')],
      ['Guests listed', String(w.guestCount)],
      ['Signed at', w.signedAt],
    ],
    { replyTo: { name: w.signerName, address: w.signerEmail } },
  );
}
