import { randomUUID } from 'node:crypto';
import { newLinkToken } from './booking-links.server';
import { blockedWindow, toAvailabilitySettings, type Allocation, type UnitState } from '../availability';
import { type Database, type LastWithCommit, type Sql, callJson, jsonCallText, transactionAfter } from '../db/index.server';
import { outboxRowsToSend, type ClaimedEmail, type OutboxMessage } from '../email/index.server';
import { AppError, fieldError, isConflict } from '../http';
import { customerCouponError, toPricingSettings, UNKNOWN_COUPON_MESSAGE, type Adjustment, type PriceResult } from '../pricing';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { localDate, toEventWindow, type EventWindow } from '../time';
import { allocateLockedCredit, writeCreditSpend } from '../credits/index.server';
import { drawnCents } from '../credits';
import { cartSnapshotStatement, loadAvailabilitySnapshot, servedCities, type BookableProduct, type CartQuestion } from './booking-context.server';
import { newReference } from '../reference/index.server';
import { storedPhone } from '../texts';
import type { BookingRequest } from './booking-request';
import { checkCartSite, generatorRefusal, siteUnits, type CartSite } from './cart-site';
import { bookedSite, keptLoad, overrideHint, overrideRefusals, type SiteAnswers, type SiteOverrideInput, type SiteRefusal } from '../site-check';
import { ZipNotServed } from './not-served';
import { cakeInCartMessage, evaluateCart, outOfAreaMessage, unitClaims, type CartEvaluation, type CartLine } from './evaluate-cart';
import { releaseEmails } from './holds.server';
import type { ReleasedBooking } from './release-emails';
import { awaitsEmailConfirmation, cartLimitProblem, openUnpaidRefusal, unpaidDeadline, type InitialStatus, type OpenUnpaidCap } from './unpaid-holds';

export type { InitialStatus };

export interface PlaceBookingOptions {
  now: Date;
  /**
   * hold: waiting for the online deposit; deposit_due: pay later; confirmed: staff booked it. Or
   * chosen from the business settings this booking reads anyway (the website's payment mode).
   */
  status: InitialStatus | ((settings: BusinessSettings) => InitialStatus);
  /**
   * 'web': the website's booking, held by the owner's limits (what one booking may take, open unpaid
   * bookings per contact and address) and released by itself unless paid or kept by staff.
   */
  source: 'web' | 'admin' | 'quote' | 'phone';
  /** Placed by staff: see prepareCart. */
  staff?: boolean;
  /** The internet address a website booking came from (the owner caps open unpaid bookings per address). */
  clientAddress?: string | undefined;
  /**
   * Stored in the booking's own call: the e-mails made from the booking as placed (its
   * confirmations, claimed for this request to send: `PlacedBooking.emails`), and whether to count a
   * `booking_created` analytics event (the website's bookings).
   */
  storeWith?: { emails?: (placed: PlacedBooking) => OutboxMessage[]; analytics?: boolean } | undefined;
  /**
   * The website's checkout proved an e-mail with credit (a checked credit grant): the booking spends
   * that customer's credit toward its deposit in its own transaction. Without one, nothing about
   * credit is read or written (the website booking's hot path stays two round trips).
   */
  creditGrant?: { customerId: string } | undefined;
  /**
   * Staff booking anyway what the yard check refuses (the desk's "Book it anyway", or the one staff
   * gave with a quote's offer): covers the refusals it names (overrideRefusals). Only staff's code
   * passes one; the website's request has no such field. What it covered is in
   * `PlacedBooking.site.overridden`, for the caller to store and audit.
   */
  siteOverride?: SiteOverrideInput | undefined;
  /** More writes in the booking's own transaction (a payment taken on the phone, the audit entry). */
  alsoInTransaction?: ((tx: Sql, placed: PlacedBooking) => Promise<void>) | undefined;
  /**
   * The website request's admission (its rate-limit hit and human-check proof, src/lib/human-check):
   * made in the round trip that opens the booking's transaction (transactionAfter), and committed
   * whether or not the booking then is; a request it does not admit books nothing.
   */
  admission?: { statement: string; admit(verdict: unknown): Promise<void> } | undefined;
}

/** What a booking is made of; the website's request, or the staff's with their adjustments. */
export type PlacementRequest = Pick<BookingRequest, 'items' | 'event' | 'coupon' | 'damageWaiver' | 'customer' | 'address' | 'site'> & {
  adjustments?: readonly Adjustment[] | undefined;
  /** What the customer receives about the booking is written in it; English when not given (a quote's booking). */
  language?: BookingRequest['language'] | undefined;
};

/** A cart to place: what prepareCart read and priced; the address's surface answers the yard's first question when `site` does not. */
type CartRequest = Pick<PlacementRequest, 'items' | 'event' | 'coupon' | 'damageWaiver' | 'adjustments' | 'site'> & {
  address?: { surface?: SiteAnswers['surface'] } | undefined;
};

export interface PlacedBooking {
  id: string;
  number: string;
  status: InitialStatus;
  window: EventWindow;
  /** When the booking is released unless paid or kept by staff (see unpaidDeadline); null: never by itself. */
  holdExpiresAt: Date | null;
  /** A pay-later website booking its customer must confirm from the e-mail within the hour (issue #36). */
  awaitingEmailConfirmation: boolean;
  /** As given with this booking; the booking keeps it (a customer found by e-mail is not changed). */
  customer: BookingRequest['customer'];
  /** The secret of the booking's invoice link, in the confirmations stored with it. */
  invoiceToken: string;
  /** The secret of the "Change or cancel your booking" link, in the same e-mails. */
  manageToken: string;
  /** What the customer receives about the booking is written in it. */
  language: Locale;
  price: PriceResult;
  /**
   * The Spanish names of the cart's products that have one (package units too), by English name: a Spanish
   * booking's confirmation names them so, in its lines and in the setup spot's (which checkSite wrote in English).
   */
  spanishNames: Record<string, string>;
  /** The business settings the booking was priced with. */
  settings: BusinessSettings;
  /** The e-mails stored with the booking (storeWith), claimed for this request to send; empty when mail cannot leave. */
  emails: ClaimedEmail[];
  /** Paid from the customer's credit with the booking (a credit grant); 0 without one. */
  creditCents: number;
  /** The customer's answers about the setup spot, what staff must call about, and the refusals staff overrode. */
  site: { answers: SiteAnswers; flags: string[]; overridden: SiteRefusal[] };
}

export const NO_LONGER_AVAILABLE = 'Sorry, that is no longer available for those dates. Please choose another time.';

export interface PreparedCart {
  settings: BusinessSettings;
  window: EventWindow;
  lines: CartLine[];
  products: BookableProduct[];
  evaluation: CartEvaluation;
  /** Every product's units and their allocations around the window, as read: the units a booking tries. */
  units: (UnitState & { productId: string })[];
  allocations: Allocation[];
  areaId: string;
  couponId: string | null;
  /** A coupon code was given that no coupon has: priced without it (the booking refuses it, the price quote says so). */
  couponUnknown: boolean;
  /**
   * What to say about the coupon given, null when it applies or none was given: to staff the
   * reason, to the public one message for every code that does not apply (customerCouponError).
   */
  couponError: string | null;
  /** Unpaid bookings released while reading (releaseHolds): the booking stores their customers' e-mails. */
  released: ReleasedBooking[];
  /** The customer's answers about the setup spot, and what checkSite made of them. `lines` has its generators. */
  site: Omit<CartSite, 'lines'>;
}

/** What prepareCart asks loadAvailabilitySnapshot for a cart. */
function cartQuestion(request: CartRequest, zip: string, now: Date, releaseHolds: boolean) {
  return {
    by: { slugs: request.items.map((i) => i.product) },
    dates: { from: request.event.date, to: request.event.endDate ?? request.event.date },
    cart: { zip, coupon: request.coupon, releaseHoldsAt: releaseHolds ? now : undefined } satisfies CartQuestion,
  };
}

/** The statement prepareCart runs for a booking's cart (holds released first), for a caller that sends it ahead (`answered`). */
const bookingSnapshotStatement = (request: CartRequest, zip: string, now: Date) => {
  const { by, dates, cart } = cartQuestion(request, zip, now, true);
  return cartSnapshotStatement(by.slugs, dates, cart);
};

/**
 * Everything needed to price and check a cart: shared by the price quote and the booking. Settings,
 * products, units, allocations, blackouts, the ZIP's service area and the coupon come in one round
 * trip (loadAvailabilitySnapshot, whose plan the connection keeps).
 */
export async function prepareCart(
  sql: Sql,
  request: CartRequest,
  zip: string,
  now: Date,
  zipField: string,
  {
    staff = false,
    releaseHolds = false,
    explainCoupon = staff,
    siteAnswersRequired = false,
    answered,
    language,
  }: {
    /** Staff on the phone: no lead time (a caller may book for this afternoon); every other rule holds. */
    staff?: boolean;
    /** Say why a coupon does not apply (staff screens); the public gets one message for every refusal. */
    explainCoupon?: boolean;
    /** Booking: first release the holds expired by `now`, so their units count as free (see expireHolds). */
    releaseHolds?: boolean;
    /** The website's booking: a yard question left unanswered is refused unless the owner allows "not sure". */
    siteAnswersRequired?: boolean;
    /** The answer of this cart's snapshot statement (bookingSnapshotStatement), read in a message of the caller's. */
    answered?: CartQuestion['answered'];
    /** The customer's language, for why a product cannot be had (its lines and the cart's problem); English when absent. */
    language?: Locale | undefined;
  } = {},
): Promise<PreparedCart> {
  const question = cartQuestion(request, zip, now, releaseHolds);
  const { settings, products, units, allocations, blackouts, area, coupon, released } = await loadAvailabilitySnapshot(sql, question.by, question.dates, {
    ...question.cart,
    answered,
  });
  const window = toEventWindow(request.event, settings.timezone);
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const asked = request.items.map((item, index) => {
    const product = bySlug.get(item.product);
    if (!product) throw fieldError(`items.${index}.product`, `We couldn’t find the product “${item.product}”.`);
    if (product.cake) throw fieldError(`items.${index}.product`, cakeInCartMessage(product.name));
    return { product, quantity: item.quantity };
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const { lines, ...site } = checkCartSite(asked, byId, request, settings, window, siteAnswersRequired);

  if (!area) {
    const cities = await servedCities(sql);
    throw new ZipNotServed(zipField, outOfAreaMessage(zip, cities));
  }

  const evaluation = evaluateCart(lines, {
    products: byId,
    units,
    allocations,
    blackouts,
    window,
    availabilitySettings: { ...toAvailabilitySettings(settings), ...(staff ? { leadTimeHours: 0 } : {}) },
    pricingSettings: toPricingSettings(settings),
    area,
    coupon,
    damageWaiver: request.damageWaiver,
    adjustments: request.adjustments,
    siteCharges: site.check.charges,
    now,
    language,
  });
  return {
    settings,
    window,
    lines,
    products,
    evaluation,
    units,
    allocations,
    areaId: area.id,
    couponId: coupon?.id ?? null,
    couponUnknown: Boolean(request.coupon) && !coupon,
    couponError: explainCoupon
      ? Boolean(request.coupon) && !coupon
        ? UNKNOWN_COUPON_MESSAGE
        : evaluation.price.couponError
      : customerCouponError(coupon, Boolean(request.coupon), evaluation.price.couponError, now, settings.timezone),
    released,
    site,
  };
}

/**
 * Places a booking in one transaction: checks availability, records the customer, items and price,
 * and takes specific units. Nothing locks a product or a date: each unit is taken by an insert that
 * the exclusion constraint on unit_allocations decides, so bookings for other dates or other units
 * never wait for this one. Only a booking after the very same unit at an overlapping time waits (for
 * this one to commit or roll back), then moves on to the next free unit or gets the 409. Units that
 * another booking is taking at this moment are tried last (see take_cart), so two customers booking
 * a product with units to spare get one each at once.
 *
 * Two round trips inside the transaction: `cart_snapshot` (unpaid bookings past their deadline
 * released, then what pricing needs) and `place_booking` (every row the booking writes, with its
 * e-mails and those about the released bookings), both database functions whose plans the
 * connection keeps (supabase/migrations/20261127090000_booking_round_trips.sql); a website booking's
 * cart_snapshot goes in the message of its admission, which opens the transaction (transactionAfter's
 * `opening`), and its place_booking carries the COMMIT when nothing follows it (lastWithCommit): two
 * round trips from admission to commit. A website booking
 * is held to the owner's limits: what one booking may take (checked on the snapshot's settings), and
 * open unpaid bookings per contact e-mail, phone and client address, counted as it commits (a
 * deferred trigger, supabase/migrations/20261128100000_unpaid_holds.sql), a 409 that says what to do.
 */
export async function placeBooking(sql: Database, request: PlacementRequest, options: PlaceBookingOptions): Promise<PlacedBooking> {
  const web = options.source === 'web' && !options.staff;
  // Read in the transaction; what the answer to a refused commit quotes (the business's phone, the caps).
  let settingsRead: BusinessSettings | undefined;
  const admission = options.admission;
  // With an admission the transaction is the reserved connection's (transactionAfter), whose last
  // statement can carry the COMMIT; sql.begin commits after its body.
  // Its cart's snapshot is read in the same message (transactionAfter's `opening`): a refused admission
  // throws before the snapshot's answer is used, and rolls back the holds it released.
  const inTransaction = <T>(body: (tx: Sql, lastWithCommit?: LastWithCommit, snapshot?: CartQuestion['answered']) => Promise<T>): Promise<T> =>
    admission
      ? transactionAfter(
          sql,
          admission.statement,
          async (tx, answer, lastWithCommit, snapshot) => {
            await admission.admit(answer?.result);
            return body(tx, lastWithCommit, snapshot as CartQuestion['answered']);
          },
          bookingSnapshotStatement(request, request.address.zip, options.now),
        )
      : (sql.begin((tx) => body(tx)) as Promise<T>);
  // Stored in one shape however it was typed (the checkout's, the desk's, a quote's): storedPhone.
  const customer = { ...request.customer, phone: storedPhone(request.customer.phone) };
  try {
    return await inTransaction(async (tx, lastWithCommit, snapshot) => {
      const { now } = options;
      const cart = await prepareCart(tx, request, request.address.zip, now, 'address.zip', {
        staff: options.staff ?? false,
        releaseHolds: true,
        siteAnswersRequired: web,
        answered: snapshot,
        // A unit taken meanwhile is refused in the words of the customer's page.
        language: request.language,
      });
      const { settings, window } = cart;
      settingsRead = settings;
      if (web) {
        const limit = cartLimitProblem(request.items, settings);
        if (limit) throw fieldError(limit.field, limit.message);
      }
      const { price, overridden } = placeable(cart, { staff: options.staff ?? false, override: options.siteOverride ?? null });

      let status = typeof options.status === 'function' ? options.status(settings) : options.status;
      // Credit spent toward the deposit: locked first (a second checkout with the same credit waits here).
      const credit = options.creditGrant ? await allocateLockedCredit(tx, options.creditGrant.customerId, localDate(now, settings.timezone), price.depositCents) : null;
      const creditCents = credit ? drawnCents(credit.draws) : 0;
      const depositCovered = creditCents > 0 && creditCents >= price.depositCents;
      // A deposit paid in full from credit needs no payment page: the booking is confirmed as a paid
      // deposit would confirm it; a pay-later booking stays for staff to confirm, kept like one they took money for.
      if (depositCovered && status === 'hold') status = 'confirmed';
      const placed: PlacedBooking = {
        id: randomUUID(),
        number: newReference(settings.bookingPrefix),
        status,
        window,
        creditCents,
        holdExpiresAt: depositCovered ? null : unpaidDeadline({ status, source: options.source, staff: options.staff ?? false }, settings, now),
        awaitingEmailConfirmation: !depositCovered && awaitsEmailConfirmation({ status, source: options.source, staff: options.staff ?? false }),
        customer,
        invoiceToken: newLinkToken(),
        manageToken: newLinkToken(),
        language: request.language ?? 'en',
        price,
        spanishNames: Object.fromEntries(cart.products.flatMap((p) => (p.nameEs ? [[p.name, p.nameEs]] : []))),
        settings,
        emails: [],
        site: { answers: cart.site.answers, flags: cart.site.check.flags, overridden },
      };
      // The e-mails about bookings this one released (cart_snapshot) are stored with it, for the scheduled run to send.
      const mail = outboxRowsToSend(options.storeWith?.emails?.(placed) ?? [], now, await releaseEmails(tx, cart.released, settings));
      // Nothing after place_booking (no credit spent, no more writes): it goes with the COMMIT.
      const spendsCredit = Boolean(credit && creditCents > 0);
      const commitWith = !spendsCredit && !options.alsoInTransaction ? lastWithCommit : undefined;
      await placeBookingCall(tx, commitWith, {
        customer,
        booking: {
          id: placed.id,
          number: placed.number,
          status,
          source: options.source,
          ...bookingColumns(request, cart, price, overridden),
          hold_expires_at: placed.holdExpiresAt,
          client_address: options.clientAddress ?? null,
          invoice_token: placed.invoiceToken,
          manage_token: placed.manageToken,
          language: placed.language,
          terms_accepted_at: now,
          created_at: now,
          updated_at: now,
        },
        cart: cartRows(placed.id, cart, price),
        emails: mail.rows,
        analytics: options.storeWith?.analytics ?? false,
      }).catch(cartRefused);
      placed.emails = mail.claimed;
      if (credit && spendsCredit) await writeCreditSpend(tx, { bookingId: placed.id, draws: credit.draws, kind: 'deposit', usedBy: 'customer', now });
      await options.alsoInTransaction?.(tx, placed);
      return placed;
    });
  } catch (error) {
    if (isConflict(error)) throw new AppError('conflict', NO_LONGER_AVAILABLE);
    const cap = openUnpaidCapOf(error);
    if (cap && settingsRead) {
      const refusal = openUnpaidRefusal(cap, settingsRead);
      throw new AppError('conflict', refusal.message, { [refusal.field]: refusal.message });
    }
    throw error;
  }
}

/** place_booking's call: with `commitWith`, in one message with the transaction's COMMIT. */
async function placeBookingCall(tx: Sql, commitWith: LastWithCommit | undefined, argument: object): Promise<void> {
  if (commitWith) await commitWith(jsonCallText('place_booking', argument));
  else await callJson<null>(tx, 'place_booking', argument);
}

/**
 * The owner's cap on open unpaid website bookings that a booking's commit broke: the deferred
 * check_open_unpaid_caps trigger counts them when the booking commits
 * (supabase/migrations/20261128100000_unpaid_holds.sql).
 */
function openUnpaidCapOf(error: unknown): OpenUnpaidCap | null {
  const code = (error as { code?: string }).code;
  return code === 'BKL01' ? 'email' : code === 'BKL02' ? 'phone' : code === 'BKL03' ? 'client' : null;
}

/** The yard's refusals as a 400, each at its field (the first one named for a field that has two). */
export function refuseAtFields(refused: readonly SiteRefusal[]): void {
  if (refused.length) {
    throw new AppError('validation', refused[0]!.message, Object.fromEntries([...refused].reverse().map((r) => [r.field, r.message])));
  }
}

/**
 * The price of a cart that can be booked as it stands, or the reason it cannot: a unit taken (409),
 * a window the rules refuse, a coupon that does not apply, discounts bigger than the order (400).
 * `yard.override` (a staff decision: the desk's, or one stored with the booking) lets the booking
 * stand over the yard refusals it names: the refused product is then booked at its own price with
 * whatever automatic lines still apply (the price does not change); `overridden` lists what it
 * covered. `yard.staff`: the answer also says, at `siteOverride`, that staff may book it anyway.
 */
export function placeable(
  { evaluation, couponUnknown, couponError, site, lines }: PreparedCart,
  yard: { staff: boolean; override?: Pick<SiteOverrideInput, 'refusals'> | null | undefined } = { staff: false },
): { price: PriceResult; overridden: SiteRefusal[] } {
  if (couponUnknown) throw fieldError('coupon', couponError ?? UNKNOWN_COUPON_MESSAGE);
  // The yard first: a refusal there is what the customer can change (the ground, the spot, the product).
  const { standing, overridden } = overrideRefusals(site.check.refusals, yard.override);
  const generator = generatorRefusal(site, lines, evaluation);
  const refused = generator ? [...standing, generator] : standing;
  if (refused.length) {
    const fields: Record<string, string> = Object.fromEntries([...refused].reverse().map((r) => [r.field, r.message]));
    // Staff hear at the override what they may do about it (the website has no such field).
    const hint = yard.staff ? overrideHint(standing, yard.override) : null;
    throw new AppError('validation', refused[0]!.message, hint ? { ...fields, siteOverride: hint } : fields);
  }
  if (evaluation.problem) {
    // The window itself refused (too far ahead, a closure, a time outside the hours): said at the
    // field to change ('event.date', 'event.start' or 'event.end'), as the price says it, so a form
    // shows it there and not as a reason about the whole event.
    const window = evaluation.windowProblem;
    if (window) throw new AppError('validation', window.message, { [`event.${window.field}`]: window.message });
    const unavailable = evaluation.lines.find((l) => !l.available);
    const code = unavailable?.reason?.code;
    const isStock = code === undefined || code === 'sold_out' || code === 'not_enough';
    throw new AppError(isStock ? 'conflict' : 'validation', evaluation.problem, isStock ? {} : { event: evaluation.problem });
  }
  const price = evaluation.price;
  if (price.minimumOrderError) throw fieldError('items', price.minimumOrderError);
  if (price.couponError) throw fieldError('coupon', couponError ?? price.couponError);
  if (price.adjustmentError) throw fieldError('adjustments', price.adjustmentError);
  return { price, overridden };
}

/** The coupon the price used, if any: the booking names it and counts its use. */
const appliedCouponId = (cart: PreparedCart, price: PriceResult) => (cart.couponId && price.couponCode ? cart.couponId : null);

/**
 * What the booked setup takes on the truck (stakes, sandbags, cords, generators), the outlet distance
 * its answers were checked against and what its products ask of the spot (space, access, ceiling,
 * power, water), by the products' and the owner's rules as they are now, when it is booked: kept with
 * the booking, so the crew load it and the customer is told it even after those rules change. A unit booked over a ground refusal (`overridden`) is anchored too.
 */
const bookedLoad = (cart: PreparedCart, overridden: readonly SiteRefusal[]) => {
  const units = siteUnits(cart.lines, new Map(cart.products.map((p) => [p.id, p])));
  return keptLoad(bookedSite(units, cart.site.answers, cart.settings.siteRules, overridden), units);
};

/**
 * The booking row's event, address, price and yard columns: the same for a new booking and an edited
 * one. With `sql`, the JSON columns are wrapped for a statement of its own (an edit's update); without,
 * they stay plain for place_booking's JSON argument.
 */
export function bookingColumns(request: Pick<PlacementRequest, 'address'>, cart: PreparedCart, price: PriceResult, overridden: readonly SiteRefusal[], sql?: Sql) {
  const json = (value: object) => (sql ? sql.json(value as never) : (value as never));
  return {
    event_start: cart.window.start,
    event_end: cart.window.end,
    address_line1: request.address.line1,
    address_line2: request.address.line2 ?? null,
    address_city: request.address.city,
    address_state: request.address.state,
    address_zip: request.address.zip,
    service_area_id: cart.areaId,
    surface: cart.site.answers.surface ?? null,
    customer_notes: request.address.notes ?? '',
    coupon_id: appliedCouponId(cart, price),
    damage_waiver_accepted: price.damageWaiverCents > 0,
    subtotal_cents: price.subtotalCents,
    delivery_fee_cents: price.deliveryFeeCents,
    damage_waiver_cents: price.damageWaiverCents,
    discount_cents: price.discountCents,
    adjustments_cents: price.adjustmentsCents,
    site_answers: json(cart.site.answers),
    site_charges: json(price.siteCharges),
    site_charges_cents: price.siteChargesCents,
    site_flags: cart.site.check.flags,
    // The gear, outlet distance and spot as booked (bookings.site_load), read by everyone after the booking (keptSite, keptSpot).
    site_load: json(bookedLoad(cart, overridden)),
    tax_cents: price.taxCents,
    total_cents: price.totalCents,
    deposit_cents: price.depositCents,
    balance_due_on: price.balanceDueOn,
  };
}

/**
 * Writes the booking's items and adjustments, takes its units and counts its coupon use: what a
 * booking holds, in one call of `take_cart`. An edit releases all of it first (releaseCart) and takes
 * it again; a new booking does the same inside `place_booking`.
 */
export async function takeCart(tx: Sql, bookingId: string, cart: PreparedCart, price: PriceResult): Promise<void> {
  await tx`select take_cart(${bookingId}, ${tx.json(cartRows(bookingId, cart, price) as never)})`.catch(cartRefused);
}

/**
 * What take_cart stores: items (with their ids, so the unit claims can name them), adjustments, and
 * for each product the number of units to take with the ones to try, in the one global order of
 * unitClaims (product id, then unit label, packages expanded) so two carts never each hold a unit the
 * other waits for.
 */
function cartRows(bookingId: string, cart: PreparedCart, price: PriceResult) {
  const { lines, products, units, allocations, window } = cart;
  const items = lines.map((line, index) => ({
    id: randomUUID(),
    booking_id: bookingId,
    product_id: line.product.id,
    product_name: line.product.name,
    quantity: line.quantity,
    unit_price_cents: price.lines[index]!.unitPriceCents,
    line_total_cents: price.lines[index]!.lineTotalCents,
  }));
  const claims = unitClaims(lines, { products: new Map(products.map((p) => [p.id, p])), units, allocations, window }).map((claim) => {
    const during = blockedWindow(window, claim.product);
    return { itemId: items[claim.lineIndex]!.id, count: claim.count, candidates: claim.candidates, start: during.start, end: during.end };
  });
  return {
    items,
    adjustments: price.adjustments.map((a, position) => ({
      position,
      label: a.label,
      reason: a.reason,
      direction: a.direction,
      kind: a.kind,
      value: a.value,
      cents: a.cents,
    })),
    claims,
    couponId: appliedCouponId(cart, price),
  };
}

/** take_cart's refusals (a unit taken meanwhile, a coupon used up) as the answers they are. */
function cartRefused(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'BKU01') throw new AppError('conflict', NO_LONGER_AVAILABLE);
  if (code === 'BKC01') throw fieldError('coupon', 'This coupon has reached its usage limit.');
  throw error;
}

/**
 * Lets go of everything takeCart took for a booking (items with their unit allocations, adjustments,
 * the coupon use), inside the caller's transaction: what the booking is then re-priced and re-taken
 * against is the world without it. Nothing is visible to others before the transaction commits.
 */
export async function releaseCart(tx: Sql, bookingId: string, couponId: string | null): Promise<void> {
  await tx`delete from booking_items where booking_id = ${bookingId}`;
  await tx`delete from booking_adjustments where booking_id = ${bookingId}`;
  if (couponId) await tx`update coupons set times_used = greatest(times_used - 1, 0) where id = ${couponId}`;
}
