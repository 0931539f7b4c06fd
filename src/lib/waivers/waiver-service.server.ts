import { createHash, randomBytes, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { sendQueuedMail, queueEmail } from '../email/index.server';
import type { BookingView } from '../booking';
import { getBookingView } from '../booking/index.server';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { given } from '../forms';
import { waiverBusinessEmail, waiverSignerEmail, type WaiverSummary } from './waiver-emails';
import { crewSignedAtProblem, STALE_WAIVER, staleOnCrewPhone, type CrewWaiverSigning, type WaiverAccess, type WaiverContext, type WaiverSignature, type WaiverSigned, type WaiverSigning } from './waiver-signing';
import type { Audit, Staff } from '../auth/index.server';
import { AppError, fieldError } from '../http';
import { sameSecret } from '../http/index.server';
import { getSettings } from '../business/index.server';
import type { BusinessSettings } from '../business';
import type { StoredFile } from '../storage';
import { fileStorage } from '../storage/index.server';
import { addDays, businessClock, localDate } from '../time';
import { pdfFontFiles } from '../pdf/index.server';
import { buildWaiverPdf, signedAtLabel, waiverPdfFilename, type WaiverPdfInput } from './waiver-pdf';
import { renderWaiverText } from './waiver-render';
import { WAIVER_RULE_IDS } from './waiver-versions';
import { waiverWords } from './waiver-words';
import { currentWaiverTexts, waiverTextAt } from './waiver-texts.server';
import { wordsWithText } from './waiver-texts';
import { localizedUrl, type Locale } from '../i18n';
import { publicApi, signWaiverPath } from '../paths';

// The same answer for an unknown number and a wrong e-mail, so booking numbers cannot be probed.
export const WAIVER_BOOKING_NOT_FOUND =
  'We couldn’t find a booking with that number and e-mail address. Check both (they are in your booking confirmation) and try again, or call us.';
// A guest's shared link (number and key) has no confirmation to check: the same answer for an unknown number and a wrong key.
export const WAIVER_LINK_NOT_FOUND = 'This waiver link does not open a booking. Ask the person who booked the party to send you the link again, or call us.';
const WAIVER_NOT_FOUND = 'We couldn’t find that signed waiver. Please use the link in your e-mail.';
/**
 * A file-storage outage while signing: the signature and the signed text are already kept (the PDF is
 * made from them again), so pressing the button again with the same submission finishes the job.
 */
export const WAIVER_NOT_FILED = 'We saved your signature, but we can’t file the signed waiver right now. Please press “Sign the waiver” again in a minute.';

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface WaiverBooking {
  view: BookingView;
  key: string;
}

/** The booking, if the visitor proved access with the renter's e-mail or the booking's waiver key. */
export async function findBookingForWaiver(sql: Sql, access: WaiverAccess): Promise<WaiverBooking> {
  const view = await getBookingView(sql, { number: access.bookingNumber });
  const [row] = view ? await sql<{ waiver_key: string }[]>`select waiver_key from bookings where id = ${view.id}` : [];
  const allowed =
    view &&
    row &&
    ((given(access.email) && view.customer.email.toLowerCase() === access.email.toLowerCase()) || (given(access.key) && sameSecret(row.waiver_key, access.key)));
  if (!allowed) throw new AppError('not_found', given(access.email) ? WAIVER_BOOKING_NOT_FOUND : WAIVER_LINK_NOT_FOUND);
  return { view, key: row.waiver_key };
}

/** Waivers are for parties that are on: not for cancelled bookings, nor long after the party. */
function assertSignable(view: BookingView, now: Date, timeZone: string): void {
  if (view.status === 'cancelled' || view.status === 'expired') {
    throw new AppError('conflict', 'This booking is no longer active, so it needs no waiver. If that is not right, please call us.');
  }
  if (addDays(view.event.endDate, 1) < localDate(now, timeZone)) {
    throw new AppError('conflict', 'This party has already taken place, so the waiver can no longer be signed online.');
  }
}


/**
 * GET /api/waivers/context: what the signing page shows once the booking is found, with the current
 * text in the page's language (the page was built with the shipped one; the owner may have published since).
 */
export async function getWaiverContext(sql: Sql, access: WaiverAccess, now: Date, language: Locale = 'en'): Promise<WaiverContext> {
  const settings = await getSettings(sql);
  const { view, key } = await findBookingForWaiver(sql, access);
  assertSignable(view, now, settings.timezone);
  const waiver = (await currentWaiverTexts(sql, settings.addressState))[language];
  return {
      bookingNumber: view.number,
      renterName: view.customer.name,
    renterFirstName: view.customer.firstName,
    event: { date: view.event.date, start: view.event.start, end: view.event.end, city: view.address.city },
    rentals: view.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)),
    waiversSigned: view.waiversSigned,
    // In the booking's language: the guests' QR code opens the signing page the family booked in.
    signUrl: localizedUrl(env().SITE_URL, signWaiverPath(view.number, { key }), view.language, settings.offerSpanish),
    key,
    waiverVersion: waiver.version,
    waiver,
  };
}

/** The guests' QR code: an SVG that opens the signing page for this booking, no e-mail needed. */
export async function waiverQrSvg(sql: Sql, access: WaiverAccess, now: Date): Promise<string> {
  const context = await getWaiverContext(sql, access, now);
  return QRCode.toString(context.signUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

const pdfPath = (bookingNumber: string, waiverId: string) => `waivers/${bookingNumber}/${waiverId}.pdf`;
export const pdfUrlPath = (waiverId: string, token: string) => publicApi.waiverPdf(waiverId, token);

interface WaiverRow {
  id: string;
  booking_number: string;
  event_start: Date;
  renter_name: string;
  signer_name: string;
  signer_email: string;
  signer_phone: string;
  adults: { name: string }[];
  guests: { name: string; age?: number }[];
  rules_acknowledged: string[];
  signature_kind: 'drawn' | 'typed';
  signature_data: string;
  /** The language of the text signed, and its version in that language. */
  language: Locale;
  waiver_version: string;
  text_sha256: string;
  signed_text: string;
  signed_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  pdf_path: string | null;
  pdf_token: string;
  copy_emailed: boolean;
  /** Signed on a crew member's phone: that staff member's name ('' once their account is gone); null on the signer's own device. */
  crew_name: string | null;
}

async function loadWaiver(sql: Sql, where: { id: string } | { submissionId: string }): Promise<WaiverRow | undefined> {
  const [row] = await sql<WaiverRow[]>`
    select w.id, b.number as booking_number, b.event_start, b.contact_name as renter_name, w.signer_name, w.signer_email,
      w.signer_phone, w.adults, w.guests, w.rules_acknowledged, w.signature_kind, w.signature_data, w.language, w.waiver_version,
      w.text_sha256, w.signed_text, w.signed_at, w.ip_address, w.user_agent, w.pdf_path, w.pdf_token, w.copy_emailed,
      case when w.signed_on = 'crew_device' then coalesce(s.name, '') end as crew_name
    from waivers w join bookings b on b.id = w.booking_id left join staff_user s on s.id = w.signed_by_staff_id
    where ${'id' in where ? sql`w.id = ${where.id}` : sql`w.submission_id = ${where.submissionId}`}`;
  return row;
}

async function pdfInputFromRow(sql: Sql, row: WaiverRow): Promise<WaiverPdfInput> {
  const settings = await getSettings(sql);
  const clock = businessClock(settings.timezone);
  // The title and rules of the very version signed, whatever has been published since.
  const text = await waiverTextAt(sql, row.language, row.waiver_version, settings.addressState);
  return {
    waiverId: row.id,
    language: row.language,
    waiverVersion: row.waiver_version,
    text: text ?? undefined,
      businessName: settings.businessName,
    businessPhone: settings.phone,
    businessEmail: settings.email,
    brandColor: settings.brandColor,
    bookingNumber: row.booking_number,
    eventDate: clock.dateOf(row.event_start),
    renterName: row.renter_name,
    signerName: row.signer_name,
    signerEmail: row.signer_email,
    signerPhone: row.signer_phone,
    adults: row.adults.map((a) => a.name),
    guests: row.guests,
    rulesAcknowledged: row.rules_acknowledged,
    signedText: row.signed_text,
    textSha256: row.text_sha256,
    signedAt: row.signed_at,
    clock,
    ipAddress: row.ip_address ?? '',
    userAgent: row.user_agent ?? '',
    signature: row.signature_kind === 'drawn' ? { kind: 'drawn', pngDataUrl: row.signature_data } : { kind: 'typed', name: row.signature_data },
    ...(row.crew_name === null ? {} : { signedOnCrewDevice: row.crew_name }),
  };
}

/** The PDF of a signed waiver, made from its stored row: the same row always gives the same bytes. */
async function makeWaiverPdf(sql: Sql, row: WaiverRow): Promise<Uint8Array> {
  return buildWaiverPdf(await pdfInputFromRow(sql, row), await pdfFontFiles());
}

function signedAnswer(
  row: Pick<WaiverRow, 'id' | 'booking_number' | 'signer_name' | 'signed_at' | 'language' | 'waiver_version' | 'text_sha256' | 'pdf_token' | 'copy_emailed'>,
): WaiverSigned {
  return {
    waiverId: row.id,
    language: row.language,
    waiverVersion: row.waiver_version,
    bookingNumber: row.booking_number,
    signerName: row.signer_name,
    signedAt: row.signed_at.toISOString(),
    textSha256: row.text_sha256,
    pdfUrl: pdfUrlPath(row.id, row.pdf_token),
    copyEmailed: row.copy_emailed,
  };
}

export interface SigningMeta {
  ipAddress: string;
  userAgent: string;
}

/**
 * POST /api/waivers. The text is rendered with the booking and the signer's details, hashed and
 * stored with the signature, time, IP and user agent; the PDF is made from the same data and kept
 * in file storage; then the signer gets it by e-mail, while the booking's copies last
 * (waiverCopiesPerBooking: past it the waiver is signed and stored, and the answer says no copy was
 * e-mailed). A repeated submit returns the first waiver.
 */
export async function signWaiver(sql: Database, input: WaiverSigning, meta: SigningMeta, now: Date): Promise<{ signed: WaiverSigned; replay: boolean }> {
  const existing = await loadWaiver(sql, { submissionId: input.submissionId });
  if (existing) {
    // The same submission again, most likely after a storage outage answered 503: file the PDF now.
    if (existing.pdf_path === null) await fileWaiverPdf(sql, existing).catch(notFiled);
    return { signed: signedAnswer(existing), replay: true };
  }

  const settings = await getSettings(sql);
  const { view } = await findBookingForWaiver(sql, input.access);
  assertSignable(view, now, settings.timezone);

  const stored = await storeWaiver(sql, { view, input, submissionId: input.submissionId, signedAt: now, meta, crew: null }, settings, now);
  if (!stored) {
    // Two identical submits raced; the other one stored the waiver (and may have found storage down).
    const first = (await loadWaiver(sql, { submissionId: input.submissionId }))!;
    if (first.pdf_path === null) await fileWaiverPdf(sql, first).catch(notFiled);
    return { signed: signedAnswer(first), replay: true };
  }
  if (!stored.filed) throw new AppError('unavailable', WAIVER_NOT_FILED);
  return { signed: signedAnswer(stored.row), replay: false };
}

/** A booking that is off (cancelled, or a checkout that lapsed) takes no waiver. */
const bookingIsOff = (status: string) => status === 'cancelled' || status === 'expired';
export const CREW_WAIVER_BOOKING_OFF = {
  cancelled: 'This booking was cancelled, so the waiver was not kept. Nothing needs signing for it.',
  expired: 'This booking’s checkout was never finished, so the waiver was not kept. Nothing needs signing for it.',
} as const;

/**
 * POST /api/admin/day/bookings/{id}/waivers: a guest signed on the crew member's phone at the party.
 * Stored exactly as a waiver the guest signs on their own phone (the same text and version, hash,
 * signature, PDF and e-mails), marked as signed on the crew's device by this staff member, with the
 * audit entry in the same transaction. `signedAt` is the moment the guest signed on the phone, which
 * may have sent it later: it must not be in the future or far from the party's dates. The booking's
 * status is checked under the row's lock, so a cancellation meanwhile is a plain 409. When file
 * storage is down the waiver is still kept (the answer says so); its PDF is filed by housekeeping or
 * made again on the first download, so the phone never sends it twice.
 */
export async function signWaiverOnCrewDevice(
  db: Database,
  bookingId: string,
  input: CrewWaiverSigning,
  crew: { staff: Staff; audit: Audit },
  meta: SigningMeta,
  now: Date,
): Promise<WaiverSigned & { pdfFiled: boolean }> {
  const settings = await getSettings(db);
  const [found] = await db<{ number: string }[]>`select number from bookings where id = ${bookingId}`;
  const view = found ? await getBookingView(db, { number: found.number }) : null;
  if (!view) throw new AppError('not_found', 'No such booking.');
  if (bookingIsOff(view.status)) throw new AppError('conflict', CREW_WAIVER_BOOKING_OFF[view.status as keyof typeof CREW_WAIVER_BOOKING_OFF]);
  const signedAt = new Date(input.signedAt);
  const problem = crewSignedAtProblem(signedAt, now, { date: view.event.date, endDate: view.event.endDate }, settings.timezone);
  if (problem) throw fieldError('signedAt', problem);
  const stored = await storeWaiver(db, { view, input, submissionId: null, signedAt, meta, crew }, settings, now);
  // Without a submission id the insert cannot meet an earlier one.
  if (!stored) throw new Error('A crew-signed waiver was not stored');
  return { ...signedAnswer(stored.row), pdfFiled: stored.filed };
}

interface WaiverToStore {
  view: BookingView;
  /** The form, with the language and version of the text the signer was shown. */
  input: WaiverSignature & { language: Locale; waiverVersion: string };
  /** The public form's id for one filled-in form (a repeat stores nothing); null from the crew's phone. */
  submissionId: string | null;
  signedAt: Date;
  meta: SigningMeta;
  /** Signed on a crew member's phone: who, and the audit entry's writer. */
  crew: { staff: Staff; audit: Audit } | null;
}

/**
 * One signed waiver, wherever it was signed: the text rendered and hashed, the PDF made and filed,
 * then the row, the e-mails and (from the crew's phone) the audit entry in one transaction. Null
 * when the same submission was stored meanwhile; `filed` false when file storage was down.
 */
async function storeWaiver(sql: Database, w: WaiverToStore, settings: BusinessSettings, now: Date): Promise<{ row: WaiverRow; filed: boolean } | null> {
  const { view, input, signedAt, meta, crew } = w;
  const adults = input.adults.map((a) => ({ name: a.name.replace(/\s+/g, ' ').trim() }));
  const guests = input.guests.map((g) => ({ name: g.name.replace(/\s+/g, ' ').trim(), ...(g.age === undefined ? {} : { age: g.age }) }));
  const signerPhone = input.signerPhone?.trim() ?? '';
  // The text is rendered here from the language's current version, never taken from the client: the
  // client only says which language and version it showed, and any but the current one is refused.
  const current = (await currentWaiverTexts(sql, settings.addressState))[input.language];
  if (input.waiverVersion !== current.version) throw fieldError('waiverVersion', crew ? staleOnCrewPhone(input.language) : STALE_WAIVER[input.language]);
  const words = wordsWithText(waiverWords(input.language, settings.addressState), current);
  const text = renderWaiverText(
    {
      businessName: settings.businessName,
      bookingNumber: view.number,
      eventDate: view.event.date,
      renterName: view.customer.name,
      signerName: input.signerName,
      signerEmail: input.signerEmail,
      signerPhone,
      adults,
      guests,
    },
    words,
  );
  const textSha256 = sha256(text);
  const id = randomUUID();
  const token = randomBytes(24).toString('base64url');
  const row: WaiverRow = {
    id,
    booking_number: view.number,
    event_start: new Date(view.event.startsAt),
    renter_name: view.customer.name,
    signer_name: input.signerName,
    signer_email: input.signerEmail,
    signer_phone: signerPhone,
    adults,
    guests,
    rules_acknowledged: [...WAIVER_RULE_IDS],
    signature_kind: input.signatureKind,
    signature_data: input.signatureKind === 'drawn' ? input.signatureImage! : input.typedSignature!.replace(/\s+/g, ' ').trim(),
    language: words.language,
    waiver_version: words.version,
    text_sha256: textSha256,
    signed_text: text,
    signed_at: signedAt,
    ip_address: meta.ipAddress,
    user_agent: meta.userAgent.slice(0, 500),
    pdf_path: pdfPath(view.number, id),
    pdf_token: token,
    copy_emailed: false,
    crew_name: crew ? crew.staff.name : null,
  };

  let pdf: Uint8Array;
  try {
    pdf = await makeWaiverPdf(sql, row);
  } catch (error) {
    // A signature image pdf-lib cannot read is the browser's fault, not ours.
    if (input.signatureKind === 'drawn' && /png|image/i.test((error as Error).message)) {
      throw new AppError('validation', 'The drawn signature could not be read; please clear it and sign again.', {
        signatureImage: 'The drawn signature could not be read; please clear it and sign again',
      });
    }
    throw error;
  }
  // Filed before the row points at it. If storage is down the signed waiver is still stored (text, hash,
  // signature) without a PDF path: the PDF is made again from the row when the same submission is sent
  // again, on the first download, or by housekeeping.
  let storedPath: string | null = row.pdf_path;
  try {
    await fileStorage().put(row.pdf_path!, pdf, 'application/pdf');
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    storedPath = null;
  }

  const summary: WaiverSummary = {
    id,
    bookingNumber: view.number,
    eventDate: view.event.date,
    signerName: row.signer_name,
    signerEmail: row.signer_email,
    signedAt: signedAtLabel(signedAt, businessClock(settings.timezone)),
    textSha256,
    pdfUrl: `${env().SITE_URL}${pdfUrlPath(id, token)}`,
    adults: adults.map((a) => a.name),
    guestCount: guests.length,
    language: words.language,
    signedAtInLanguage: signedAtLabel(signedAt, businessClock(settings.timezone), words.language),
  };
  const inserted = await sql.begin(async (tx) => {
    // The booking's row is locked while its copies are counted, so two signers at the same moment
    // cannot both take the last copy (no key update: the waiver's own foreign key is not blocked).
    const [locked] = await tx<{ copies: number; status: string }[]>`
      select b.status, (select count(*)::int from waivers w where w.booking_id = b.id and w.copy_emailed) as copies
      from bookings b where b.id = ${view.id} for no key update`;
    // Cancelled between the first look and now (the crew's phone may send hours later).
    if (crew && locked && bookingIsOff(locked.status)) throw new AppError('conflict', CREW_WAIVER_BOOKING_OFF[locked.status as keyof typeof CREW_WAIVER_BOOKING_OFF]);
    row.copy_emailed = (locked?.copies ?? 0) < settings.waiverCopiesPerBooking;
    const [created] = await tx<{ id: string }[]>`
      insert into waivers ${tx({
        id,
        booking_id: view.id,
        submission_id: w.submissionId,
        signer_name: row.signer_name,
        signer_email: row.signer_email,
        signer_phone: row.signer_phone,
        adults: tx.json(adults),
        guests: tx.json(guests),
        rules_acknowledged: row.rules_acknowledged,
        signature_kind: row.signature_kind,
        signature_data: row.signature_data,
        language: row.language,
        waiver_version: row.waiver_version,
        text_sha256: textSha256,
        signed_text: text,
        signed_at: signedAt,
        ip_address: meta.ipAddress,
        user_agent: row.user_agent,
        pdf_path: storedPath,
        pdf_sha256: sha256(pdf),
        pdf_token: token,
        copy_emailed: row.copy_emailed,
        signed_on: crew ? 'crew_device' : 'signer_device',
        signed_by_staff_id: crew ? crew.staff.id : null,
        created_at: now,
      })}
      on conflict (submission_id) do nothing
      returning id`;
    if (!created) return false;
    if (row.copy_emailed) await queueEmail(tx, 'waiver-signer', waiverSignerEmail(summary, settings, pdf), now);
    await queueEmail(tx, 'waiver-business', waiverBusinessEmail(summary, settings, env().SITE_URL, env().BUSINESS_NOTIFY_EMAIL ?? settings.email), now);
    if (crew) {
      await crew.audit(tx, {
        action: 'booking.crew_waiver',
        entity: 'booking',
        entityId: view.id,
        after: { waiverId: id, signerName: row.signer_name, signedAt: signedAt.toISOString(), adults: adults.length, guests: guests.length },
      });
    }
    return true;
  });
  if (!inserted) return null;
  row.pdf_path = storedPath;
  await sendQueuedMail(sql, now);
  return { row, filed: storedPath !== null };
}

const isUnavailable = (error: unknown) => error instanceof AppError && error.code === 'unavailable';

function notFiled(error: unknown): never {
  throw isUnavailable(error) ? new AppError('unavailable', WAIVER_NOT_FILED) : error;
}

/** Makes the PDF from the stored row (the same bytes as at signing) and files it; throws when storage fails. */
async function fileWaiverPdf(sql: Sql, row: WaiverRow, madeAlready?: Uint8Array): Promise<void> {
  const path = pdfPath(row.booking_number, row.id);
  const bytes = madeAlready ?? (await makeWaiverPdf(sql, row));
  await fileStorage().put(path, bytes, 'application/pdf');
  await sql`update waivers set pdf_path = ${path} where id = ${row.id}`;
  row.pdf_path = path;
}

/**
 * Housekeeping: files the PDFs of waivers signed while storage was down, a few per run. Stops at the
 * first failure (storage still down); the next run tries again.
 */
export async function fileMissingWaiverPdfs(sql: Sql, limit = 10): Promise<number> {
  const pending = await sql<{ id: string }[]>`select id from waivers where pdf_path is null order by signed_at limit ${limit}`;
  let filed = 0;
  for (const { id } of pending) {
    const row = await loadWaiver(sql, { id });
    if (!row || row.pdf_path !== null) continue;
    try {
      await fileWaiverPdf(sql, row);
      filed++;
    } catch (error) {
      console.error(`Filing the PDF of waiver ${id} failed; the next housekeeping run tries again:`, error);
      break;
    }
  }
  return filed;
}

/**
 * GET /api/waivers/{id}/pdf?token=…: the signed PDF for whoever holds the link from the e-mail.
 * If the stored file is missing (storage was down when signing), it is rebuilt from the row.
 */
export async function getWaiverPdf(sql: Sql, waiverId: string, token: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = /^[0-9a-f-]{36}$/i.test(waiverId) ? await loadWaiver(sql, { id: waiverId }) : undefined;
  if (!row || !token || !sameSecret(row.pdf_token, token)) throw new AppError('not_found', WAIVER_NOT_FOUND);
  const filename = waiverPdfFilename(row.language, row.booking_number, `-${row.id.slice(0, 8)}`);
  const path = row.pdf_path ?? pdfPath(row.booking_number, row.id);
  let stored: StoredFile | null = null;
  let storageUp = true;
  try {
    stored = await fileStorage().get(path);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    storageUp = false;
  }
  if (stored) return { bytes: stored.bytes, filename };
  // Not filed (signed while storage was down) or lost: made again from the row, the same document.
  // While storage is down the reader still gets it; filing waits for a later request or housekeeping.
  const bytes = await makeWaiverPdf(sql, row);
  if (storageUp) {
    await fileWaiverPdf(sql, row, bytes).catch((error: unknown) => {
      if (!isUnavailable(error)) throw error;
    });
  }
  return { bytes, filename };
}
