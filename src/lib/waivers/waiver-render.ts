import { type ErrorCatalog, INTL_LOCALE, type Locale } from '../i18n';
import { type BusinessClock, formatClock, formatLongDate } from '../time';

/**
 * Putting a waiver's text together, in any language, from that language's words (waiver-text.ts for
 * English, waiver-text-es.ts for Spanish). Kept apart from the words themselves so that a signing page,
 * which is given its one language's words, carries no other language's waiver in its script.
 */

export interface WaiverRule {
  /** Stable id: stored in waivers.rules_acknowledged and used as the form field name. */
  id: string;
  /** Short name shown as the checkbox heading. */
  title: string;
  text: string;
}

export interface WaiverParticipants {
  businessName: string;
  bookingNumber: string;
  /** 'YYYY-MM-DD', the party's local date. */
  eventDate: string;
  renterName: string;
  signerName: string;
  signerEmail: string;
  signerPhone?: string | undefined;
  /** The adults responsible for supervision during the party. */
  adults: { name: string }[];
  /** Children and other guests covered; age is optional. */
  guests: { name: string; age?: number | undefined }[];
}

/** Collapses runs of whitespace so the same name typed with an extra space hashes the same way. */
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * One language's waiver as data, with the business's state already filled into the release: what the
 * signing page is given (plain data, so a page carries only its own language's text) and what
 * renderWaiverText puts together. `needsLegalReview`: a translation shipped by us that the owner's
 * lawyer has not reviewed yet; the admin says so, signers never see it.
 */
export interface WaiverWords {
  language: Locale;
  /**
   * The messages of the waiver's schema in this language, for the form's own checks before it is sent
   * (the server's answers come translated already); absent or null: as written, in English.
   */
  errors?: ErrorCatalog | null;
  version: string;
  needsLegalReview: boolean;
  title: string;
  intro: string;
  rules: readonly WaiverRule[];
  sections: readonly { heading: string; paragraphs: string[] }[];
  lines: {
    version: string;
    booking: string;
    partyDate: string;
    renter: string;
    signedBy: string;
    adults: string;
    guests: string;
    noneNamed: string;
    /** '{age}' is the guest's age. */
    age: string;
    rules: string;
    /** Shown in the live text until the signer has typed them. */
    yourName: string;
    yourEmail: string;
  };
  /** The signing form's own words around the text ({name} placeholders are filled by i18n's interpolate). */
  form: WaiverFormWords;
}

export interface WaiverFormWords {
  findTitle: string;
  findIntro: string;
  bookingNumber: string;
  bookingNumberHint: string;
  bookingEmail: string;
  bookingEmailHint: string;
  open: string;
  notFound: string;
  notOpened: string;
  lookingUp: string;
  formTitle: string;
  sign: string;
  signing: string;
  notSaved: string;
  toastTitle: string;
  toastText: string;
  party: string;
  booking: string;
  renter: string;
  date: string;
  where: string;
  rentals: string;
  noneSigned: string;
  oneSigned: string;
  manySigned: string;
  aboutYou: string;
  yourName: string;
  yourEmail: string;
  yourEmailHint: string;
  yourPhone: string;
  /** After the label of a field that may stay empty (the phone, a guest's age). */
  optional: string;
  adultsLegend: string;
  adultsIntro: string;
  adultLabel: string;
  adultWho: string;
  addAdult: string;
  remove: string;
  guestsLegend: string;
  guestsIntro: string;
  guestLabel: string;
  age: string;
  guestWho: string;
  addGuest: string;
  rulesLegend: string;
  rulesIntro: string;
  textIntro: string;
  signLegend: string;
  consent: string;
  howToSign: string;
  drawn: string;
  typed: string;
  typedLabel: string;
  typedHint: string;
  cantDraw: string;
  padLabel: string;
  padHint: string;
  clear: string;
  signedTitle: string;
  download: string;
  another: string;
  signedBy: string;
  forBooking: string;
  copySent: string;
  noCopy: string;
  qrAlt: string;
  shareTitle: string;
  shareText: string;
}

const SPANISH_WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const SPANISH_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * The party's date as the waiver writes it: by hand, not with Intl, because the text is hashed and must
 * come out the same in every browser and on the server, whatever their ICU data.
 */
export function waiverDate(isoDate: string, language: Locale): string {
  if (language === 'en') return formatLongDate(isoDate);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime())) return isoDate;
  return `${SPANISH_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} de ${SPANISH_MONTHS[date.getUTCMonth()]} de ${date.getUTCFullYear()}`;
}

/**
 * When a waiver was signed, on the business's clock and in the language signed ('Saturday, December 5,
 * 2026 at 3:17 PM', 'sábado, 5 de diciembre de 2026, 3:17 p.m.'): the signed page, the e-mail and the
 * PDF say the same time whatever zone the signer's phone is set to.
 */
export function signedAtText(signedAt: Date, clock: BusinessClock, language: Locale): string {
  if (language === 'es') return `${waiverDate(clock.dateOf(signedAt), 'es')}, ${formatClock(clock.timeOf(signedAt), INTL_LOCALE.es)}`;
  return `${clock.longDate(signedAt)} at ${clock.time(signedAt)}`;
}

/**
 * The complete text the signer agrees to, in the waiver's language, with the booking and the people
 * filled in. This exact string is shown, hashed (text_sha256), stored (signed_text) and printed on the
 * PDF.
 */
export function renderWaiverText(p: WaiverParticipants, words: WaiverWords): string {
  const l = words.lines;
  const adults = p.adults.map((a) => clean(a.name)).filter(Boolean);
  const guests = p.guests
    .map((g) => ({ name: clean(g.name), age: g.age }))
    .filter((g) => g.name)
    .map((g) => (g.age === undefined ? g.name : `${g.name} (${l.age.replace('{age}', String(g.age))})`));
  const lines: string[] = [
    `${p.businessName}: ${words.title}`,
    `${l.version} ${words.version}`,
    '',
    `${l.booking}: ${p.bookingNumber}`,
    `${l.partyDate}: ${waiverDate(p.eventDate, words.language)}`,
    `${l.renter}: ${clean(p.renterName)}`,
    `${l.signedBy}: ${clean(p.signerName)} (${p.signerEmail.trim().toLowerCase()}${p.signerPhone?.trim() ? `, ${clean(p.signerPhone)}` : ''})`,
    `${l.adults}: ${adults.length ? adults.join('; ') : l.noneNamed}`,
    `${l.guests}: ${guests.length ? guests.join('; ') : l.noneNamed}`,
    '',
    l.rules,
    ...words.rules.map((r, i) => `${i + 1}. ${r.title}. ${r.text}`),
  ];
  for (const section of words.sections) {
    lines.push('', section.heading, ...section.paragraphs);
  }
  return lines.join('\n');
}
