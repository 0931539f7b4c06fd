import type { Sql } from '../db/index.server';
import type { SiteAnswers, SiteLoadout, SiteRefusal } from '../site-check';
import { toEventWindow } from '../time';
import { loadAvailabilitySnapshot } from './booking-context.server';
import { checkCartSite, siteUnits } from './cart-site';
import { refuseAtFields } from './place-booking.server';

/** What the yard check makes of a quote request's rentals and answers. */
export interface RequestedSite {
  answers: SiteAnswers;
  /** What staff must call about: "not sure", and questions left unanswered. */
  flags: string[];
  refusals: SiteRefusal[];
  /** The gear and the outlet distance, for the answers in plain words (siteAnswerRows). */
  booked: SiteLoadout;
}

/**
 * A quote request's rentals held against the customer's answers about the setup spot (issue #38), by
 * the engine prepareCart runs for a price and a booking (checkCartSite, on the same snapshot of the
 * products, their package items and the owner's generator). A request names a date and no hours: it is
 * checked as a one-day party, so what it can refuse is the yard itself (the ground, an outlet, the gate,
 * the stairs, the ceiling); the hours, the stock of a generator and the price come with the offer,
 * which prices the stored answers through prepareCart. Unanswered questions are flagged, not refused: a
 * request is a lead, and staff call. The ZIP is only read: a request outside every area is still taken.
 */
export async function checkRequestedSite(sql: Sql, request: { items: readonly { product: string; quantity: number }[]; site?: SiteAnswers | undefined; date: string; zip: string }): Promise<RequestedSite> {
  const { settings, products } = await loadAvailabilitySnapshot(sql, { slugs: request.items.map((i) => i.product) }, { from: request.date, to: request.date }, { zip: request.zip, coupon: undefined });
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const lines = request.items.flatMap((i) => {
    const product = bySlug.get(i.product);
    return product ? [{ product, quantity: i.quantity }] : [];
  });
  const window = toEventWindow({ date: request.date, start: '10:00', end: '16:00' }, settings.timezone);
  const byId = new Map(products.map((p) => [p.id, p]));
  const site = checkCartSite(lines, byId, { site: request.site }, settings, window, false);
  const { check } = site;
  const outletRunFt = siteUnits(lines, byId).some((u) => u.needs.outletsRequired > 0) ? check.outletRunFt : null;
  return { answers: site.answers, flags: check.flags, refusals: check.refusals, booked: { load: check.load, outletRunFt } };
}

/** As checkRequestedSite, refusing with a 400 at each refused answer's field (nothing is stored). */
export async function acceptedRequestSite(sql: Sql, request: Parameters<typeof checkRequestedSite>[1]): Promise<RequestedSite> {
  const checked = await checkRequestedSite(sql, request);
  refuseAtFields(checked.refusals);
  return checked;
}
