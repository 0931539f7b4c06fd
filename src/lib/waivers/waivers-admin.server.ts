import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { getBusinessClock } from '../business/index.server';
import { getWaiverPdf } from './waiver-service.server';
import { adminApi, signWaiverPath } from '../paths';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import type { MissingWaiverQuery, WaiverListQuery } from './waivers-admin-input';

export interface WaiverListItem {
  id: string;
  bookingId: string;
  bookingNumber: string;
  renterName: string;
  eventDate: string;
  signerName: string;
  signerEmail: string;
  signedAt: string;
  adults: number;
  guests: number;
  signatureKind: 'drawn' | 'typed';
  /** Which text was signed: its language, its version in that language, and the SHA-256 of the exact text. */
  language: 'en' | 'es';
  waiverVersion: string;
  textSha256: string;
  /** Behind the staff session; no token needed. */
  pdfUrl: string;
}

export interface MissingWaiverItem {
  bookingId: string;
  bookingNumber: string;
  status: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventDate: string;
  city: string;
  /** The signing page for this booking (with its waiver key), to send to the customer. */
  signPath: string;
}

const waiverSorts: Record<WaiverListQuery['sort'], string> = {
  signedAt: 'signed_at',
  eventDate: 'event_start',
  signer: 'signer_name',
  booking: 'booking_number',
};

interface WaiverRow {
  id: string;
  booking_id: string;
  booking_number: string;
  renter_name: string;
  event_start: Date;
  signer_name: string;
  signer_email: string;
  signed_at: Date;
  adults: number;
  guests: number;
  signature_kind: 'drawn' | 'typed';
  language: 'en' | 'es';
  waiver_version: string;
  text_sha256: string;
  total: number;
}

/** Signed waivers, searchable by signer, renter or booking number, filtered by the party's local date. */
export async function listWaivers(sql: Sql, query: WaiverListQuery): Promise<Page<WaiverListItem>> {
  const clock = await getBusinessClock(sql);
  const search = query.q ? likePattern(query.q) : null;
  const rows = await sql<WaiverRow[]>`
    select *, count(*) over ()::int as total from (
      select w.id, w.booking_id, b.number as booking_number, b.contact_name as renter_name, b.event_start, w.signer_name,
        w.signer_email, w.signed_at, jsonb_array_length(w.adults) as adults, jsonb_array_length(w.guests) as guests,
        w.signature_kind, w.language, w.waiver_version, w.text_sha256, (b.event_start at time zone ${clock.timeZone})::date as event_day
      from waivers w join bookings b on b.id = w.booking_id
    ) w
    where true
      ${search ? sql`and (w.signer_name ilike ${search} or w.signer_email ilike ${search} or w.booking_number ilike ${search} or w.renter_name ilike ${search})` : sql``}
      ${query.from ? sql`and w.event_day >= ${query.from}::date` : sql``}
      ${query.to ? sql`and w.event_day <= ${query.to}::date` : sql``}
    order by ${sql(waiverSorts[query.sort])} ${sql.unsafe(query.dir)}, w.signed_at desc, w.id
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const items = rows.map((r) => ({
    id: r.id,
    bookingId: r.booking_id,
    bookingNumber: r.booking_number,
    renterName: r.renter_name,
    eventDate: clock.dateOf(r.event_start),
    signerName: r.signer_name,
    signerEmail: r.signer_email,
    signedAt: r.signed_at.toISOString(),
    adults: r.adults,
    guests: r.guests,
    signatureKind: r.signature_kind,
    language: r.language,
    waiverVersion: r.waiver_version,
    textSha256: r.text_sha256,
    pdfUrl: adminApi.waivers.pdf(r.id),
  }));
  return pageOf(query, items, rows[0]?.total ?? 0);
}

/** Bookings that are on (confirmed, out for delivery, delivered) whose party has not ended. */
const ON_STATUSES = ['confirmed', 'out_for_delivery', 'delivered'];

const missingSorts: Record<MissingWaiverQuery['sort'], string> = { eventDate: 'event_start', booking: 'number', customer: 'customer_name' };

/** Upcoming bookings nobody has signed a waiver for yet: the crew's list to chase before party day. */
export async function listMissingWaivers(sql: Sql, query: MissingWaiverQuery, now: Date): Promise<Page<MissingWaiverItem>> {
  const clock = await getBusinessClock(sql);
  const search = query.q ? likePattern(query.q) : null;
  const rows = await sql<
    { id: string; number: string; status: string; customer_name: string; email: string; phone: string; event_start: Date; city: string; waiver_key: string; total: number }[]
  >`
    select *, count(*) over ()::int as total from (
      select b.id, b.number, b.status, b.contact_name as customer_name, b.contact_email as email, b.contact_phone as phone, b.event_start, b.address_city as city,
        b.waiver_key, (b.event_start at time zone ${clock.timeZone})::date as event_day
      from bookings b
      where b.status = any(${ON_STATUSES}) and b.event_end > ${now}
        and not exists (select 1 from waivers w where w.booking_id = b.id)
    ) b
    where true
      ${search ? sql`and (b.number ilike ${search} or b.customer_name ilike ${search} or b.email ilike ${search})` : sql``}
      ${query.from ? sql`and b.event_day >= ${query.from}::date` : sql``}
      ${query.to ? sql`and b.event_day <= ${query.to}::date` : sql``}
    order by ${sql(missingSorts[query.sort])} ${sql.unsafe(query.dir)}, b.number
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const items = rows.map((r) => ({
    bookingId: r.id,
    bookingNumber: r.number,
    status: r.status,
    customerName: r.customer_name,
    customerEmail: r.email,
    customerPhone: r.phone,
    eventDate: clock.dateOf(r.event_start),
    city: r.city,
    signPath: signWaiverPath(r.number, { key: r.waiver_key }),
  }));
  return pageOf(query, items, rows[0]?.total ?? 0);
}

/**
 * The signed PDF for staff: the session is the authority here, so the e-mail link's token is looked
 * up rather than asked for. The public path (and its rebuild-if-missing rule) does the rest.
 */
export async function waiverPdfForStaff(sql: Sql, waiverId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const [row] = await sql<{ pdf_token: string | null }[]>`select pdf_token from waivers where id = ${waiverId}`;
  if (!row?.pdf_token) throw new AppError('not_found', 'No such signed waiver.');
  return getWaiverPdf(sql, waiverId, row.pdf_token);
}
