import type { Sql } from '../db/index.server';
import type { SiteRules } from '../business';
import { type BookedSite, keptSite, type KeptSiteLoad, keptSpot, type SetupSpot, type SiteAnswers, type SiteOverride, type SiteUnit } from '../site-check';
import { loadProducts } from './booking-context.server';
import { siteUnits, storedSiteAnswers } from './cart-site';

/**
 * The yard of placed bookings: each booking's products as the yard sees them (packages are their
 * items, each counted: siteUnits, as checkout priced them), for the crew's day, the office's booking
 * and the day-before reminder. Two statements whatever the number of bookings.
 */
export async function siteUnitsOfBookings(sql: Sql, bookingIds: readonly string[]): Promise<Map<string, SiteUnit[]>> {
  const byBooking = new Map<string, SiteUnit[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const items = await sql<{ booking_id: string; product_id: string; quantity: number }[]>`
    select booking_id, product_id, quantity from booking_items where booking_id = any(${bookingIds as string[]}::uuid[]) order by product_name, id`;
  if (items.length === 0) return byBooking;
  const products = new Map((await loadProducts(sql, { ids: [...new Set(items.map((i) => i.product_id))] })).map((p) => [p.id, p]));
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product) continue;
    byBooking.get(item.booking_id)!.push(...siteUnits([{ product, quantity: item.quantity }], products));
  }
  return byBooking;
}

/** A placed booking's setup spot as everyone after the booking reads it. */
export interface KeptBookingSite {
  /** What the booking's products ask of the spot (space, access, ceiling, power, water) as kept (keptSpot): the day-before "Please clear …". */
  spot: SetupSpot;
  /** The customer's answers, a surface given only with the address too. */
  answers: SiteAnswers;
  /** The gear and outlet distance kept with the booking (keptSite); worked out as now for a booking from before. */
  site: BookedSite;
}

/**
 * The one reader of placed bookings' setups (bookings.site_load, through keptSite and keptSpot) for the
 * booking's card, the customer's reminders and tracking page: what the booking was checked and priced
 * with, not what today's product and site rules would say. Three statements whatever the number of bookings.
 */
export async function keptSitesOfBookings(sql: Sql, bookingIds: readonly string[], rules: SiteRules): Promise<Map<string, KeptBookingSite>> {
  const [rows, units] = await Promise.all([
    sql<{ id: string; site_answers: SiteAnswers | null; surface: string | null; site_load: KeptSiteLoad | null; site_override: SiteOverride | null }[]>`
      select id, site_answers, surface, site_load, site_override from bookings where id = any(${bookingIds as string[]}::uuid[])`,
    siteUnitsOfBookings(sql, bookingIds),
  ]);
  const sites = new Map<string, KeptBookingSite>();
  for (const row of rows) {
    const answers = storedSiteAnswers(row.site_answers, row.surface);
    const booked = units.get(row.id) ?? [];
    sites.set(row.id, { spot: keptSpot(booked, row.site_load), answers, site: keptSite(booked, answers, rules, { load: row.site_load, override: row.site_override }) });
  }
  return sites;
}
