import { z } from '../validation';
import type { CurrentWaiverText } from './waiver-texts';
import { addDays, localDate } from '../time';
import { WAIVER_RULE_IDS } from './waiver-versions';
import { checkSignatureDataUrl, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from './signature-png';
import { bookingNumber, emailAddress, evenWithFieldErrors, given, honeypot, optionalPhone, personName, submissionId } from '../forms';

export const MAX_WAIVER_ADULTS = 10;
export const MAX_WAIVER_GUESTS = 60;
/** A drawn signature is a small PNG; anything bigger is not a signature. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;

/** How the signer proves access: the renter's e-mail (e-mail link, tracking page) or the key in the party QR code. */
export const waiverAccess = z
  .object({
    bookingNumber,
    email: z.string().trim().toLowerCase().max(200).optional(),
    key: z.string().trim().max(64).optional(),
  })
  .superRefine((a, ctx) => {
    if (!given(a.email) && !given(a.key)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter the e-mail address the booking was made with' });
    } else if (given(a.email) && !z.email().safeParse(a.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid e-mail address, like name@example.com' });
    }
  }, evenWithFieldErrors);
export type WaiverAccess = z.infer<typeof waiverAccess>;
export type WaiverAccessInput = z.input<typeof waiverAccess>;

/** GET /api/waivers/context?booking=&email= (or &key=): the query's short names mapped onto waiverAccess. */
export const waiverContextQuery = z.preprocess((query) => {
  const q = (query ?? {}) as Record<string, unknown>;
  return { bookingNumber: q['booking'] ?? '', email: q['email'], key: q['key'] };
}, waiverAccess);

const acknowledged = z.object(
  Object.fromEntries(WAIVER_RULE_IDS.map((id) => [id, z.literal(true, { error: 'Tick this box to confirm you have read this rule' })])) as Record<
    string,
    z.ZodLiteral<true>
  >,
  { error: 'Tick each safety rule to confirm you have read it' },
);

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
// A typed signature is the signer's name whatever its case, spacing or accents: a phone's keyboard types
// "Lucia Ramirez" for "Lucía Ramírez" unless each accent is held down for.
const normaliseName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What every waiver asks, wherever it is signed (the guest's own phone or the crew's): the signer
 * types their full name and signs either by drawing (a PNG from the signature pad) or, for anyone who
 * cannot draw with a mouse or finger, by typing their name again as the signature (WCAG 2.5.7: a
 * single-pointer alternative to dragging).
 */
const signerFields = z.object({
  signerName: personName,
  signerEmail: emailAddress,
  signerPhone: optionalPhone,
  adults: z
    .array(z.object({ name: personName }), { error: 'Name at least one adult who will supervise' })
    .min(1, 'Name at least one adult who will supervise')
    .max(MAX_WAIVER_ADULTS, `Name at most ${MAX_WAIVER_ADULTS} adults; more adults can each sign their own waiver`),
  guests: z
    .array(
      z.object({
        name: z.string({ error: 'Enter the guest’s name' }).trim().min(1, 'Enter the guest’s name or remove this row').max(120, 'Use at most 120 characters'),
        age: z.number({ error: 'Enter the age in years' }).int('Enter the age in whole years').min(0, 'Enter the age in years').max(120, 'Enter the age in years').optional(),
      }),
    )
    .max(MAX_WAIVER_GUESTS, `List at most ${MAX_WAIVER_GUESTS} guests on one waiver`)
    .default([]),
  acknowledged,
  consent: z.literal(true, { error: 'Tick this box to agree to sign electronically' }),
  signatureKind: z.enum(['drawn', 'typed'], { error: 'Choose how you want to sign' }),
  signatureImage: z.string().max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 32, 'The drawn signature is too large; please clear it and sign again').optional(),
  typedSignature: z.string().trim().max(120, 'Use at most 120 characters').optional(),
});

type SignerFields = z.infer<typeof signerFields>;

/** The drawn signature must be a PNG the size of a signature pad; a typed one must be the signer's name. */
function checkSignature(w: SignerFields, ctx: z.RefinementCtx): void {
  if (w.signatureKind === 'drawn') {
    if (!given(w.signatureImage)) ctx.addIssue({ code: 'custom', path: ['signatureImage'], message: 'Draw your signature in the box, or choose to type it instead' });
    else if (!PNG_DATA_URL.test(w.signatureImage)) ctx.addIssue({ code: 'custom', path: ['signatureImage'], message: 'The drawn signature could not be read; please clear it and sign again' });
    else {
      // Checked from the PNG header before anything decodes the image (see signature-png.ts).
      const header = checkSignatureDataUrl(w.signatureImage);
      if (!header.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['signatureImage'],
          message:
            header.reason === 'too-large'
              ? `The drawn signature is larger than a signature pad (at most ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} pixels); please clear it and sign again`
              : 'The drawn signature could not be read; please clear it and sign again',
        });
      }
    }
  } else if (w.signatureKind === 'typed') {
    if (!given(w.typedSignature)) ctx.addIssue({ code: 'custom', path: ['typedSignature'], message: 'Type your full name as your signature' });
    else if (typeof w.signerName === 'string' && normaliseName(w.typedSignature) !== normaliseName(w.signerName)) {
      ctx.addIssue({ code: 'custom', path: ['typedSignature'], message: 'Type your full name exactly as in “Your full name” above' });
    }
  }
}

/** The signing form's own fields, as both signing screens check them in the browser. */
export const waiverSignature = signerFields.superRefine(checkSignature, evenWithFieldErrors);
export type WaiverSignature = z.infer<typeof waiverSignature>;
export type WaiverSignatureInput = z.input<typeof waiverSignature>;

/**
 * Which text the signer was shown: its language (English unless the page said otherwise) and version.
 * The server renders and hashes that language's current text (the newest the owner published); a
 * version that is no longer current (the page was open while the owner published a new one) is refused
 * by the server, in the signer's language, rather than storing a text the signer never saw.
 */
const shownText = {
  language: z.enum(['en', 'es'], { error: 'The waiver’s language: en or es' }).default('en'),
  waiverVersion: z.string({ error: 'Which version of the waiver was shown' }).max(40),
};
/** A stale version's answer to the signer, in the waiver's language. */
export const STALE_WAIVER: Readonly<Record<'en' | 'es', string>> = {
  en: 'The waiver text was updated while this page was open. Please reload the page and sign again.',
  es: 'El texto de la exención se actualizó mientras esta página estaba abierta. Vuelva a cargar la página y firme de nuevo.',
};
// On the crew's phone the answer is read by staff: in English, as the whole admin.
export const staleOnCrewPhone = (language: 'en' | 'es') =>
  `The ${language === 'es' ? 'Spanish ' : ''}waiver was updated since this phone loaded the day. Reload the day and have the guest sign again.`;

/** POST /api/waivers: the signing form from the guest's own phone, with how they found the booking. */
export const waiverSigning = signerFields
  .extend({ submissionId, website: honeypot, access: waiverAccess, ...shownText })
  .superRefine(checkSignature, evenWithFieldErrors);
export type WaiverSigning = z.infer<typeof waiverSigning>;
export type WaiverSigningInput = z.input<typeof waiverSigning>;

/**
 * POST /api/admin/day/bookings/{id}/waivers: the same form signed by a guest on the crew's phone. The
 * booking is the stop's; `signedAt` is the moment the guest signed on the device, which may be sent
 * later (the phone had no signal), so the server keeps it rather than the time it arrived.
 */
export const crewWaiverSigning = signerFields
  .extend({
    ...shownText,
    signedAt: z.iso.datetime({ offset: true, error: 'When the guest signed: a date and time such as 2026-12-05T14:31:07Z' }),
  })
  .superRefine(checkSignature, evenWithFieldErrors);
export type CrewWaiverSigning = z.infer<typeof crewWaiverSigning>;

/** A phone's clock may run a little ahead of the server's. */
export const SIGNED_AT_CLOCK_SKEW_MINUTES = 5;

/**
 * Why a waiver signed on the crew's phone cannot have been signed when the phone says, or null: not in
 * the future (beyond a phone clock's small skew), not before the day before the party (a drop-off the
 * evening before), and not after the day after it ended (as the guests' own signing page allows).
 */
export function crewSignedAtProblem(signedAt: Date, now: Date, party: { date: string; endDate: string }, timeZone: string): string | null {
  if (signedAt.getTime() > now.getTime() + SIGNED_AT_CLOCK_SKEW_MINUTES * 60_000) {
    return 'The time of signing is in the future: check the phone’s date and time, then have the guest sign again';
  }
  const day = localDate(signedAt, timeZone);
  if (day < addDays(party.date, -1)) return `The time of signing is long before the party (${party.date}): check the phone’s date and time, then have the guest sign again`;
  if (day > addDays(party.endDate, 1)) return `The time of signing is after the party (${party.endDate}): a waiver is signed before or during the party`;
  return null;
}

/**
 * What a screen needs besides its code to show the waiver being signed: the version its text carries,
 * and the business's parts of the wording (its name, and its state, whose law governs the release).
 * The day screen gets it once with the day, so a crew phone can show the waiver without signal.
 */
export interface WaiverWording {
  version: string;
  businessName: string;
  /** 2-letter code. */
  governingState: string;
}

/** What the signing page shows once the booking is found (GET /api/waivers/context). */
export interface WaiverContext {
  bookingNumber: string;
  renterName: string;
  renterFirstName: string;
  event: { date: string; start: string; end: string; city: string };
  rentals: string[];
  waiversSigned: number;
  /** For the guests' QR code and share link: /sign-waiver?booking=…&key=… */
  signUrl: string;
  key: string;
  waiverVersion: string;
  /** The current text in the page's language (the newest the owner published): the page shows and signs this one. */
  waiver: CurrentWaiverText;
}

export interface WaiverSigned {
  waiverId: string;
  /** The language of the text signed, and its version in that language. */
  language: 'en' | 'es';
  waiverVersion: string;
  bookingNumber: string;
  signerName: string;
  signedAt: string;
  textSha256: string;
  /** Download link for the signed PDF (carries the signer's private token). */
  pdfUrl: string;
  /** False once the booking's waiver copies (settings: waiverCopiesPerBooking) were all e-mailed: the PDF link is the copy. */
  copyEmailed: boolean;
}
