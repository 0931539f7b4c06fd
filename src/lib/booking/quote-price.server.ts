import type { BusinessSettings } from '../business';
import type { UnavailableCode } from '../availability';
import { type Locale, serverErrorCatalog, translateError } from '../i18n';
import { notServed, type NotServed, ZipNotServed } from './not-served';
import { quoteInLanguage, refusalInLanguage } from './quote-language';
import { spanishProductNames } from '../catalog/index.server';
import type { Sql } from '../db/index.server';
import { couponCodesPerHour } from '../http';
import { couponTryAllowed } from '../http/index.server';
import type { PriceLine, PriceRequest, PriceResult } from '../pricing';
import { prepareCart, type PreparedCart } from './place-booking.server';
import { cartLimitProblem } from './unpaid-holds';
import { stripeConfigured } from '../stripe/index.server';
import { autoChargeOffer } from './auto-charge-offer';
import { damageWaiverOffered } from '../business';
import { siteRefusals } from './cart-site';
import { siteHelpIn, type SiteOverrideInput, type SiteQuestion } from '../site-check';
import type { Surface } from '../business';
import { withAlternatives, type RefusalWithAlternatives } from './site-alternatives.server';

/** The figures of the price as priceBooking computed them; `adjustments` are staff lines only (the website never sends any). */
type PriceFigures = Pick<
  PriceResult,
  | 'subtotalCents'
  | 'discountCents'
  | 'damageWaiverCents'
  | 'damageWaiverForced'
  | 'deliveryFeeCents'
  | 'adjustments'
  | 'adjustmentsCents'
  | 'siteCharges'
  | 'siteChargesCents'
  | 'taxCents'
  | 'totalCents'
  | 'depositCents'
  | 'balanceCents'
  | 'balanceDueOn'
  | 'minimumOrderError'
>;

export interface PriceQuote extends PriceFigures {
  /**
   * Each line as priced (its `rule` the page words in its language: src/lib/pricing's chargedPriceLabel,
   * priceLineDetail; `description` the same in English, for the staff screens), by the product's slug.
   */
  lines: (Omit<PriceLine, 'productId' | 'slug'> & {
    product: string;
    available: boolean;
    freeCount: number | null;
    reason: string | null;
    /** Why, as a code ('sold_out', 'too_far', 'blackout', …): a screen tells the date's reasons from the product's own. */
    reasonCode: UnavailableCode | null;
    /** Added by the yard check (a generator for a site with no outlet in reach), not chosen by the customer. */
    siteAdded: boolean;
  })[];
  /** The yard: the questions this cart asks, with their help, and what the answers given so far refuse. */
  site: QuoteSite;
  coupon: { code: string | null; error: string | null };
  /** The business offers a damage waiver (damageWaiverOffered): without one, no price shows a waiver line. */
  damageWaiverOffered: boolean;
  /** True when every line can be booked for the window and the order meets the area minimum. */
  bookable: boolean;
  problem: string | null;
  /**
   * When the owner charges balances automatically and the deposit is paid online: the balance, the
   * day it is charged to the card saved at checkout and the consent wording the checkout page shows.
   * Absent on the staff screens' prices.
   */
  autoCharge?: { balanceCents: number; chargeOn: string; consent: string } | null;
  /**
   * Whether the website booking's deposit is paid online at once (Stripe configured and the owner's
   * payment mode "deposit online"), or later, by phone ("pay later"): the checkout says which, and
   * what happens next. The same rule as the new booking's status (createBooking). Absent on staff screens.
   */
  depositOnline?: boolean;
}

export interface QuoteSite {
  questions: SiteQuestion[];
  /** The ground the business sets up on at all: the surface question's choices. */
  surfaces: Surface[];
  unanswered: SiteQuestion[];
  outletRunFt: number;
  circuitAmps: number | null;
  /** The owner's help under each question asked. */
  help: Partial<Record<SiteQuestion, string>>;
  /** On the public price, each with what would work instead (withAlternatives); on staff screens, none listed. */
  refusals: RefusalWithAlternatives[];
}

export const TOO_MANY_COUPONS_MESSAGE = 'You’ve tried several coupon codes. Please wait an hour before trying another.';

/**
 * POST /api/quote-price: the exact, itemised price the booking would get, with each line's
 * availability. A coupon that does not apply is reported beside a price without it, so the cart
 * still shows a total. Each client (`clientKey`) may try only a few different codes an hour; past
 * that a new code is not applied, and the answer says nothing about it. A cart over the owner's
 * limits for a website booking (units of one product, products in all) is priced, and not bookable,
 * with what to change. The handler answers a ZIP not served as NotServed (orNotServed).
 *
 * A code counts as tried only once the cart itself is sound: a request refused for its cart (a
 * product that does not exist, a ZIP not served) says nothing about the code, so it costs the client
 * no try and, like every refused request, writes nothing. Past the limit the cart is priced again
 * without the code (a second read, for that rare answer only).
 */
export async function publicQuotePrice(sql: Sql, request: PriceRequest, now: Date, clientKey: string, language: Locale = 'en'): Promise<PriceQuote> {
  const withCode = await prepareCart(sql, request, request.zip, now, 'zip', { language });
  const couponAllowed = !request.coupon || (await couponTryAllowed(sql, clientKey, request.coupon, couponCodesPerHour.limit, couponCodesPerHour.windowSeconds, now));
  const cart = couponAllowed ? withCode : await prepareCart(sql, { ...request, coupon: undefined }, request.zip, now, 'zip', { language });
  const priced = await withSiteAlternatives(sql, cart, quoteFromCart(cart, language), request.event, now, language);
  const quote = couponAllowed ? priced : { ...priced, coupon: { code: null, error: TOO_MANY_COUPONS_MESSAGE } };
  const limit = cartLimitProblem(request.items, cart.settings);
  const depositOnline = depositPaidOnline(cart.settings);
  const online = depositOnline && quote.depositCents > 0;
  const autoCharge = online ? autoChargeOffer(cart.settings, { totalCents: quote.totalCents, depositCents: quote.depositCents, eventStart: cart.window.start, now }, language) : null;
  const answer = limit ? { ...quote, autoCharge, depositOnline, bookable: false, problem: limit.message } : { ...quote, autoCharge, depositOnline };
  // A Spanish checkout reads the server's words of its price in Spanish (issue #40), its products by their Spanish names.
  const spanishNames = new Map(cart.products.flatMap((p) => (p.nameEs ? [[p.name, p.nameEs] as const] : [])));
  return quoteInLanguage(answer, language, await serverErrorCatalog(language), spanishNames);
}

/**
 * A price, or, for a ZIP no service area covers, the normal answer that says so (NotServed) in the
 * page's language: the checkout and the desk ask for prices while the ZIP is typed. Every other
 * refusal stays one, and booking that ZIP is still refused.
 */
export async function orNotServed<T>(price: Promise<T>, language: Locale = 'en'): Promise<T | NotServed> {
  try {
    return await price;
  } catch (error) {
    if (!(error instanceof ZipNotServed)) throw error;
    const [field] = Object.keys(error.fields);
    return notServed(field!, language === 'en' ? error.message : translateError(error.message, await serverErrorCatalog(language)));
  }
}

/**
 * A booking or quote request refused with the price's words (refusalInLanguage), in the page's language,
 * its products named as the Spanish pages name them. The request names products by slug, so their
 * Spanish names are read here: only for a Spanish page's refusal.
 */
export async function refusalForPage(sql: Sql, error: unknown, language: Locale): Promise<unknown> {
  if (language === 'en') return error;
  return refusalInLanguage(error, language, await serverErrorCatalog(language), await spanishProductNames(sql));
}

/** The public price's refusals with the products that would work instead. */
async function withSiteAlternatives(sql: Sql, cart: PreparedCart, quote: PriceQuote, event: PriceRequest['event'], now: Date, language: Locale): Promise<PriceQuote> {
  if (quote.site.refusals.length === 0) return quote;
  return { ...quote, site: { ...quote.site, refusals: await withAlternatives(sql, cart, quote.site.refusals, event, now, language) } };
}

/** A website booking's deposit is taken online at once (it starts as a hold) rather than later by phone (deposit due). */
export const depositPaidOnline = (settings: Pick<BusinessSettings, 'paymentMode'>) => stripeConfigured() && settings.paymentMode === 'deposit_online';

/** The same price for staff (a quote request's screen), saying why a coupon does not apply. */
export async function quotePrice(sql: Sql, request: PriceRequest, now: Date): Promise<PriceQuote> {
  return quoteFromCart(await prepareCart(sql, request, request.zip, now, 'zip', { explainCoupon: true }));
}

/**
 * What stops the cart being booked other than the yard check (a unit taken, a time outside the hours,
 * the area minimum, a discount over the order): staff may book over the yard check's refusals, never
 * over these, so the desk says them beside a refusal too rather than only once the save is refused.
 */
export const problemBesidesSite = ({ problem, price }: PreparedCart['evaluation']): string | null =>
  problem ?? price.minimumOrderError ?? price.adjustmentError;

/**
 * The price quote of a cart prepareCart read (the staff screens' too). `language`: the page's; a
 * Spanish page's cart and checkout name each product by its Spanish name where it has one.
 * `override`: the staff override a placed booking keeps (a customer's own move is held to it, as
 * rebookIn holds the move): what it covers is not refused.
 */
export function quoteFromCart(
  { evaluation, lines, couponError, settings, site }: PreparedCart,
  language: Locale = 'en',
  override: Pick<SiteOverrideInput, 'refusals'> | null = null,
): PriceQuote {
  const { price } = evaluation;
  const refusals = siteRefusals(site, lines, evaluation, override);
  const problem = refusals[0]?.message ?? problemBesidesSite(evaluation);
  const { questions, unanswered, outletRunFt, circuitAmps } = site.check;
  return {
    lines: price.lines.map((l, i) => {
      const availability = evaluation.lines[i]!;
      return {
        product: lines[i]!.product.slug,
        name: (language === 'es' && lines[i]!.product.nameEs) || l.name,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        rule: l.rule,
        description: l.description,
        available: availability.available,
        freeCount: availability.freeCount,
        reason: availability.reason?.message ?? null,
        reasonCode: availability.reason?.code ?? null,
        siteAdded: site.addedGenerator?.id === lines[i]!.product.id,
      };
    }),
    subtotalCents: price.subtotalCents,
    discountCents: price.discountCents,
    coupon: { code: price.couponCode, error: couponError },
    damageWaiverCents: price.damageWaiverCents,
    damageWaiverForced: price.damageWaiverForced,
    damageWaiverOffered: damageWaiverOffered(settings),
    deliveryFeeCents: price.deliveryFeeCents,
    adjustments: price.adjustments,
    adjustmentsCents: price.adjustmentsCents,
    siteCharges: price.siteCharges,
    siteChargesCents: price.siteChargesCents,
    site: {
      questions,
      surfaces: settings.siteRules.servedSurfaces,
      unanswered,
      outletRunFt,
      circuitAmps,
      help: siteHelpIn(Object.fromEntries(questions.map((q) => [q, settings.siteRules.help[q]]).filter(([, text]) => text)), language),
      refusals: refusals.map((r) => ({ ...r, alternatives: [] })),
    },
    taxCents: price.taxCents,
    totalCents: price.totalCents,
    depositCents: price.depositCents,
    balanceCents: price.balanceCents,
    balanceDueOn: price.balanceDueOn,
    minimumOrderError: price.minimumOrderError,
    bookable: problem === null,
    problem,
  };
}
