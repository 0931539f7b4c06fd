import { longDay, message, UNVERIFIED_GREETING, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { WAIVER_RULES } from './waiver-text';
import { waiverPdfFilename } from './waiver-pdf';
import { adminPaths } from '../paths';
import { formatsFor, type Locale } from '../i18n';

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
  /** The language of the text signed (issue #40): the signer's copy is written in it. English when not given. */
  language?: Locale | undefined;
  /** When it was signed, as the signed PDF writes it in that language; `signedAt` when not given. */
  signedAtInLanguage?: string | undefined;
}

/** The signer's copy in each language: English is exactly what it always said. */
const SIGNER_WORDS: Record<Locale, {
  subject: (n: string) => string;
  hello: string;
  thanks: (day: string, url: string) => string;
  rules: (count: number) => string;
  booking: string;
  signedAt: string;
  fingerprint: string;
}> = {
  en: {
    subject: (n) => `Your signed waiver for booking ${n}`,
    hello: UNVERIFIED_GREETING,
    thanks: (day, url) => `Thank you for signing the safety waiver for the party on ${day}. A PDF copy is attached; you can also download it here: ${url}`,
    rules: (count) => `Before the first jump, please go over the ${count} safety rules with the other adults supervising.`,
    booking: 'Booking',
    signedAt: 'Signed at',
    fingerprint: 'Document fingerprint (SHA-256)',
  },
  es: {
    subject: (n) => `Su exención de responsabilidad firmada de la reservación ${n}`,
    hello: 'Hola:',
    thanks: (day, url) => `Gracias por firmar la exención de responsabilidad para la fiesta del ${day}. Adjuntamos una copia en PDF; también puede descargarla aquí: ${url}`,
    rules: (count) => `Antes del primer salto, por favor repase las ${count} reglas de seguridad con los demás adultos que van a supervisar.`,
    booking: 'Reservación',
    signedAt: 'Firmada el',
    fingerprint: 'Huella digital del documento (SHA-256)',
  },
};

/**
 * The signer's copy, to the address they typed: the business's words only (see UNVERIFIED_GREETING).
 * The attached PDF is the signed document itself, names and all; copies per booking are capped.
 */
export function waiverSignerEmail(w: WaiverSummary, settings: BusinessSettings, pdf: Uint8Array): RenderedEmail {
  const language = w.language ?? 'en';
  const t = SIGNER_WORDS[language];
  return message(
    settings,
    w.signerEmail,
    t.subject(w.bookingNumber),
    [t.hello, t.thanks(formatsFor(language).longDate(w.eventDate), w.pdfUrl), t.rules(WAIVER_RULES.length)],
    [
      [t.booking, w.bookingNumber],
      [t.signedAt, w.signedAtInLanguage ?? w.signedAt],
      [t.fingerprint, w.textSha256],
    ],
    { attachments: [{ filename: waiverPdfFilename(language, w.bookingNumber), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }], language },
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
