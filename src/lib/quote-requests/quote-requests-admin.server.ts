import type { Audit, Staff } from '../auth/index.server';
import { checkRequestedSite, notifyBooking, placeBooking, type PlacedBooking, quotePrice, type PriceQuote } from '../booking/index.server';
import { isAddedGeneratorRefusal, overrideHint, overrideRefusals, overrideToStore, siteAnswerRows, siteChargeInSpanish, siteToldUs, type SiteAnswers, type SiteOverride, type SiteOverrideInput } from '../site-check';
import { spanishProductNames } from '../catalog/index.server';
import { sendQueuedMail, queueEmail } from '../email/index.server';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { formatMoney } from '../money';
import { eventTypeLabel } from './quote-request-form';
import { AppError, fieldError } from '../http';
import type { PriceRequest } from '../pricing';
import { getSettings } from '../business/index.server';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import { offerEmail } from './offer-email';
import { canMoveQuote, convertibleQuoteStatuses, quoteTransitions, type QuoteStatus } from './quote-request-status';
import type { QuoteConvertInput, QuoteListQuery, QuoteOfferInput, QuoteUpdateInput } from './quote-requests-admin-input';
import { auditedChange } from '../admin/index.server';
import type { Locale } from '../i18n';

export interface QuoteListItem {
  id: string;
  number: string;
  name: string;
  email: string;
  status: QuoteStatus;
  eventType: string;
  eventDate: string;
  guestCount: number | null;
  zip: string;
  /** No active service area has the ZIP (now: an area added since makes the request servable). */
  outsideServiceArea: boolean;
  itemCount: number;
  budgetCents: number | null;
  offerTotalCents: number | null;
  /** The language of the page it was sent from ('es': acknowledged in Spanish; reply in Spanish). */
  language: 'en' | 'es';
  createdAt: string;
}

/** What the offer stored: the exact price request and the engine's answer at the time. */
export interface StoredOffer {
  request: PriceRequest;
  price: PriceQuote;
  /** Staff booked anyway what the setup spot check refused (who, why, what): the booking made from the offer keeps it. */
  siteOverride?: SiteOverride | null;
}

export interface QuoteDetail extends QuoteListItem {
  eventTypeLabel: string;
  phone: string;
  details: string;
  staffNote: string;
  items: { product: string | null; name: string; quantity: number }[];
  /**
   * The setup spot as the customer answered it with the request (the checkout's questions): the answers,
   * in plain words, and what to call about. The offer is priced with these answers.
   */
  site: { answers: SiteAnswers; rows: [string, string][]; flags: string[] };
  offer: (StoredOffer & { message: string; offeredAt: string }) | null;
  booking: { id: string; number: string } | null;
  /** Statuses staff may set by hand from here. */
  nextStatuses: QuoteStatus[];
  updatedAt: string;
}

/** Rentals staff can put into an offer (cakes are ordered through their own form). */
export interface OfferProduct {
  slug: string;
  name: string;
  category: string;
  priceCents: number;
}

const sortColumns: Record<QuoteListQuery['sort'], string> = {
  created: 'created_at',
  eventDate: 'event_date',
  number: 'number',
  name: 'name',
  status: 'status',
  offerTotal: 'offer_total_cents',
};

interface QuoteRow {
  id: string;
  number: string;
  name: string;
  email: string;
  phone: string;
  status: QuoteStatus;
  event_type: string;
  event_date: string;
  guest_count: number | null;
  zip: string;
  outside_service_area: boolean;
  details: string;
  budget_cents: number | null;
  offer_total_cents: number | null;
  offer: StoredOffer | null;
  offer_message: string | null;
  offered_at: Date | null;
  staff_note: string;
  site_answers: SiteAnswers;
  site_flags: string[];
  booking_id: string | null;
  booking_number: string | null;
  item_count: number;
  language: 'en' | 'es';
  created_at: Date;
  updated_at: Date;
}

const toListItem = (r: QuoteRow): QuoteListItem => ({
  id: r.id,
  number: r.number,
  name: r.name,
  email: r.email,
  status: r.status,
  eventType: r.event_type,
  eventDate: r.event_date,
  guestCount: r.guest_count,
  zip: r.zip,
  outsideServiceArea: r.outside_service_area,
  itemCount: r.item_count,
  budgetCents: r.budget_cents,
  offerTotalCents: r.offer_total_cents,
  language: r.language,
  createdAt: r.created_at.toISOString(),
});

const selectQuote = (sql: Sql) => sql`
  select q.id, q.number, q.name, q.email, q.phone, q.status, q.event_type, q.event_date::text, q.guest_count, q.zip,
    q.details, q.budget_cents, q.offer_total_cents, q.offer, q.offer_message, q.offered_at, q.staff_note, q.site_answers, q.site_flags, q.booking_id,
    b.number as booking_number, q.language, q.created_at, q.updated_at,
    (select count(*)::int from quote_items i where i.quote_id = q.id) as item_count,
    not exists (
      select 1 from service_area_zips z join service_areas a on a.id = z.service_area_id where z.zip = q.zip and a.active
    ) as outside_service_area
  from quotes q left join bookings b on b.id = q.booking_id`;

export async function listQuotes(sql: Sql, query: QuoteListQuery): Promise<Page<QuoteListItem>> {
  const search = query.q ? likePattern(query.q) : null;
  const rows = await sql<(QuoteRow & { total: number })[]>`
    select *, count(*) over ()::int as total from (${selectQuote(sql)}) q
    where true
      ${search ? sql`and (q.number ilike ${search} or q.name ilike ${search} or q.email ilike ${search})` : sql``}
      ${query.status ? sql`and q.status = ${query.status}` : sql``}
      ${query.from ? sql`and q.event_date::date >= ${query.from}::date` : sql``}
      ${query.to ? sql`and q.event_date::date <= ${query.to}::date` : sql``}
    order by ${sql(sortColumns[query.sort])} ${sql.unsafe(query.dir === 'asc' ? 'asc nulls first' : 'desc nulls last')}, q.created_at desc
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  return pageOf(query, rows.map(toListItem), rows[0]?.total ?? 0);
}

async function loadQuote(sql: Sql, id: string, lock = false): Promise<QuoteRow> {
  if (lock) await sql`select id from quotes where id = ${id} for update`;
  const [row] = await sql<QuoteRow[]>`select * from (${selectQuote(sql)}) q where q.id = ${id}`;
  if (!row) throw new AppError('not_found', 'No such quote.');
  return row;
}

export async function getQuote(sql: Sql, id: string): Promise<QuoteDetail> {
  const row = await loadQuote(sql, id);
  const items = await sql<{ product: string | null; name: string; quantity: number }[]>`
    select p.slug as product, i.description as name, i.quantity
    from quote_items i left join products p on p.id = i.product_id where i.quote_id = ${id} order by i.description`;
  return {
    site: await quoteSite(sql, row, items),
    ...toListItem(row),
    eventTypeLabel: eventTypeLabel(row.event_type),
    phone: row.phone,
    details: row.details,
    staffNote: row.staff_note,
    items,
    offer: row.offer && row.offered_at ? { ...row.offer, message: row.offer_message ?? '', offeredAt: row.offered_at.toISOString() } : null,
    booking: row.booking_id && row.booking_number ? { id: row.booking_id, number: row.booking_number } : null,
    nextStatuses: quoteTransitions[row.status],
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The request's answers in plain words: the gear and the outlet distance its rentals name (the same engine's). */
async function quoteSite(sql: Sql, row: QuoteRow, items: { product: string | null; quantity: number }[]): Promise<QuoteDetail['site']> {
  const answers = row.site_answers ?? {};
  const listed = items.flatMap((i) => (i.product ? [{ product: i.product, quantity: i.quantity }] : []));
  if (Object.keys(answers).length === 0 || listed.length === 0) return { answers, rows: [], flags: row.site_flags };
  const checked = await checkRequestedSite(sql, { items: listed, site: answers, date: row.event_date, zip: row.zip });
  return { answers, rows: siteAnswerRows(answers, checked.booked), flags: row.site_flags };
}

export async function offerProducts(sql: Sql): Promise<OfferProduct[]> {
  return sql<OfferProduct[]>`
    select p.slug, p.name, c.name as category, p.base_price_cents as "priceCents"
    from products p join categories c on c.id = p.category_id
    where p.active and c.active and c.kind <> 'cake'
    order by c.sort_order, c.name, p.name`;
}

/** One quote for its screen, with the products an offer may list. */
export async function quoteWithOfferProducts(sql: Sql, id: string): Promise<{ quote: QuoteDetail; products: OfferProduct[] }> {
  const [quote, products] = await Promise.all([getQuote(sql, id), offerProducts(sql)]);
  return { quote, products };
}

/**
 * The offer's price: the public quote-price engine with the same input, so staff see exactly what
 * the customer's cart (and the booking) would charge. Anything that would stop the booking stops
 * the offer too, with the reason.
 */
export async function priceOffer(sql: Sql, id: string, input: PriceRequest, now: Date): Promise<PriceQuote> {
  return quotePrice(sql, withRequestSite(input, await loadQuote(sql, id)), now);
}

/** An offer is priced with the answers the customer gave with the request, unless staff send others. */
const withRequestSite = <T extends PriceRequest>(input: T, quote: Pick<QuoteRow, 'site_answers'>): T =>
  input.site !== undefined || Object.keys(quote.site_answers ?? {}).length === 0 ? input : { ...input, site: quote.site_answers };

/** What the offer says back about the setup spot: the answers priced, the generators the price added. */
function offerSetupSpot(request: PriceRequest, price: PriceQuote, language: Locale): string | null {
  if (!request.site) return null;
  const generators = price.lines.filter((l) => l.siteAdded).reduce((n, l) => n + l.quantity, 0);
  const outletRunFt = price.site.questions.includes('outlet') ? price.site.outletRunFt : null;
  return siteToldUs(request.site, { load: { stakes: 0, sandbags: 0, cords: 0, generators }, outletRunFt }, language);
}

/**
 * The offer's price as its e-mail names the products: a request from the Spanish page names each by its
 * Spanish name where the product has one (as a Spanish booking's confirmation does). The stored offer
 * keeps the names staff see.
 */
async function priceInLanguage(sql: Sql, price: PriceQuote, language: Locale): Promise<PriceQuote> {
  if (language === 'en') return price;
  const names = await spanishProductNames(sql);
  return { ...price, lines: price.lines.map((l) => ({ ...l, name: names.get(l.name) ?? l.name })), siteCharges: price.siteCharges.map((c) => siteChargeInSpanish(c, names)) };
}

/**
 * Whether the offer can be booked as priced; `override` names the setup spot refusals staff book anyway
 * (the rest stand, each at its answer's field, with what staff may do about it at `siteOverride`).
 */
function assertBookable(price: PriceQuote, override: Pick<SiteOverrideInput, 'refusals'> | null | undefined = null): void {
  // The yard first, at its answer's field, as the booking refuses it. The generator the check added,
  // booked for that time, stands whatever the override names (a 400 at site.outlet, as the booking's),
  // and is no refusal staff may tick "Book it anyway" for.
  const stock = isAddedGeneratorRefusal(price.lines);
  const { standing: refused } = overrideRefusals(price.site.refusals, override, stock);
  if (refused.length) {
    const hint = overrideHint(refused.filter((r) => !stock(r)), override);
    throw new AppError('validation', refused[0]!.message, { ...Object.fromEntries([...refused].reverse().map((r) => [r.field, r.message])), ...(hint ? { siteOverride: hint } : {}) });
  }
  if (price.coupon.error) throw fieldError('coupon', price.coupon.error);
  if (price.minimumOrderError) throw fieldError('items', price.minimumOrderError);
  // The price names its first refusal as its problem; past the refusals staff book anyway, a unit taken is what is left to say.
  const problem = price.site.refusals.length ? (price.lines.find((l) => !l.available)?.reason ?? null) : price.problem;
  if (problem) throw new AppError('conflict', problem);
}

const offerRequest = ({ message: _message, siteOverride: _override, ...request }: QuoteOfferInput): PriceRequest => request;

/**
 * Prices the offer, stores it (status offered) and e-mails it to the customer through the outbox. A
 * setup spot refusal staff book anyway is stored with the offer, with their name and reason.
 */
export async function sendOffer(sql: Database, id: string, input: QuoteOfferInput, staff: Staff, audit: Audit, now: Date): Promise<QuoteDetail> {
  const request = withRequestSite(offerRequest(input), await loadQuote(sql, id));
  const price = await quotePrice(sql, request, now);
  assertBookable(price, input.siteOverride);
  const given = input.siteOverride ? { input: input.siteOverride, byName: staff.name, byEmail: staff.email } : null;
  const siteOverride = overrideToStore(given, null, overrideRefusals(price.site.refusals, input.siteOverride, isAddedGeneratorRefusal(price.lines)).overridden, now);
  const settings = await getSettings(sql);
  await auditedChange(sql, audit, {
    lock: (tx) => loadQuote(tx, id, true),
    check: (before) => {
      if (!canMoveQuote(before.status, 'offered')) {
        throw new AppError('conflict', `This quote is ${before.status}; it can no longer get an offer.`);
      }
    },
    change: async (tx, before) => {
      const offer: StoredOffer = { request, price, siteOverride };
      await tx`
        update quotes set status = 'offered', offer = ${tx.json(offer as never)}, offer_total_cents = ${price.totalCents},
          offer_message = ${input.message}, offered_at = ${now}, updated_at = ${now}
        where id = ${id}`;
      await queueEmail(
        tx,
        'quote-offer',
        offerEmail(
          {
            quoteNumber: before.number,
            name: before.name,
            email: before.email,
            event: request.event,
            zip: request.zip,
            price: await priceInLanguage(tx, price, before.language),
            message: input.message,
            setupSpot: offerSetupSpot(request, price, before.language),
            language: before.language,
          },
          settings,
          env().SITE_URL,
        ),
        now,
      );
    },
    audit: (_, before) => ({
      action: 'quote.offer',
      entity: 'quote',
      entityId: id,
      before: { status: before.status, offerTotalCents: before.offer_total_cents },
      after: { status: 'offered', offerTotalCents: price.totalCents, request, message: input.message, siteOverride },
    }),
  });
  await sendQueuedMail(sql, now);
  return getQuote(sql, id);
}

export interface ConvertedQuote {
  quote: QuoteDetail;
  booking: { id: string; number: string; status: string; totalCents: number };
}

/**
 * Books the offer through placeBooking (source 'quote'): units are allocated under the same locks
 * and exclusion constraint as any web booking, so a conflict is a 409 and nothing is double-booked.
 * The quote is claimed first (status converted) so two staff converting at once get one booking
 * and one 409; if booking fails the claim is undone.
 */
export async function convertQuote(sql: Database, id: string, input: QuoteConvertInput, audit: Audit, now: Date): Promise<ConvertedQuote> {
  const quote = await loadQuote(sql, id);
  if (quote.status === 'converted') {
    throw new AppError('conflict', quote.booking_number ? `This quote is already booked as ${quote.booking_number}.` : 'This quote is already being booked.');
  }
  if (!convertibleQuoteStatuses.includes(quote.status) || !quote.offer) {
    throw new AppError('conflict', 'Send the customer a priced offer before booking this quote.');
  }
  const phone = input.phone ?? quote.phone;
  if (!phone) throw fieldError('phone', 'Enter the customer’s phone number: the quote request has none');
  const { request, siteOverride } = quote.offer;
  if (input.address.zip !== request.zip) {
    throw fieldError('address.zip', `The offer was priced for ZIP ${request.zip}; send a new offer to deliver to ${input.address.zip}`);
  }
  // The ground the booking is checked on: the offer's answer, else the address's (as placeBooking reads
  // them). Priced here with it, so a ground that adds a line (sandbags) or a refusal the offer never
  // showed stops the booking below, as a changed price does, instead of booking a total the customer
  // did not accept.
  const surface = request.site?.surface ?? input.address.surface;
  const booked = surface === undefined ? request : { ...request, site: { ...request.site, surface } };
  // The customer accepted a price; book only if it still holds (a price or coupon may have changed since).
  const current = await quotePrice(sql, booked, now);
  assertBookable(current, siteOverride);
  if (current.totalCents !== quote.offer_total_cents) {
    throw new AppError(
      'conflict',
      `The price changed since the offer (offered ${formatMoney(quote.offer_total_cents ?? 0)}, now ${formatMoney(current.totalCents)}). Send an updated offer first.`,
    );
  }

  const claimed = await sql<{ id: string }[]>`
    update quotes set status = 'converted', updated_at = ${now}
    where id = ${id} and status = any(${convertibleQuoteStatuses}) returning id`;
  if (claimed.length === 0) throw new AppError('conflict', 'This quote was just booked or changed by someone else. Reload it.');

  let placed: PlacedBooking;
  try {
    placed = await placeBooking(
      sql,
      {
        items: request.items,
        event: request.event,
        coupon: request.coupon,
        damageWaiver: request.damageWaiver,
        // The answers the offer was priced with: the booking keeps them, their lines and what to call about.
        site: booked.site,
        customer: { name: quote.name, email: quote.email, phone },
        // The customer accepted the offer, and with it the rental terms, by replying to it.
        address: input.address,
        // Everything the customer receives about the booking in the language they asked in.
        language: quote.language,
      },
      // What staff booked anyway when they sent the offer: the booking is held to the refusals it named then.
      { now, status: input.status, source: 'quote', siteOverride: siteOverride ?? undefined },
    );
  } catch (error) {
    await sql`update quotes set status = ${quote.status}, updated_at = ${now} where id = ${id} and booking_id is null`;
    throw error;
  }
  await auditedChange(sql, audit, {
    change: async (tx) => {
      await tx`update quotes set booking_id = ${placed.id}, updated_at = ${now} where id = ${id}`;
      // The booking's setup spot card and delivery sheet say who overrode what, and why, as for the desk's.
      const kept = overrideToStore(null, siteOverride, placed.site.overridden, now);
      if (kept) await tx`update bookings set site_override = ${tx.json(kept as never)} where id = ${placed.id}`;
    },
    audit: () => ({
      action: 'quote.convert',
      entity: 'quote',
      entityId: id,
      before: { status: quote.status, bookingId: null },
      after: { status: 'converted', bookingId: placed.id, bookingNumber: placed.number, bookingStatus: placed.status, totalCents: placed.price.totalCents },
    }),
  });
  await notifyBooking(sql, placed.id, now);
  return {
    quote: await getQuote(sql, id),
    booking: { id: placed.id, number: placed.number, status: placed.status, totalCents: placed.price.totalCents },
  };
}

/** Accepted / declined / expired by hand, and the staff note. */
export async function updateQuote(sql: Database, id: string, input: QuoteUpdateInput, audit: Audit, now: Date): Promise<QuoteDetail> {
  await auditedChange(sql, audit, {
    lock: (tx) => loadQuote(tx, id, true),
    check: (before) => {
      if (input.status && !canMoveQuote(before.status, input.status)) {
        throw new AppError('conflict', `A quote that is ${before.status} cannot become ${input.status}.`);
      }
    },
    change: async (tx, before) => {
      const status = input.status ?? before.status;
      const staffNote = input.staffNote ?? before.staff_note;
      await tx`update quotes set status = ${status}, staff_note = ${staffNote}, updated_at = ${now} where id = ${id}`;
      return { status, staffNote };
    },
    audit: (after, before) => ({
      action: input.status ? 'quote.status' : 'quote.note',
      entity: 'quote',
      entityId: id,
      before: { status: before.status, staffNote: before.staff_note },
      after,
    }),
  });
  return getQuote(sql, id);
}
