import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import type { BusinessSettings } from '../business';
import { mergeSettings } from '../settings/index.server';
import { getSettings, saveSettings } from '../business/index.server';
import { damageWaiverChoice, damageWaiverSettings, percentToBps, resumeStep, setupStepSchemas, setupSteps, stepSettingsFields, type DamageWaiverChoice, type SetupStepId } from './setup';
import { startingSettings } from './starting-settings';

export interface SetupState {
  /** Steps saved so far, in the wizard's order. */
  done: SetupStepId[];
  completedAt: string | null;
  /** Where the wizard opens. */
  resumeAt: SetupStepId | 'review';
  /** The site is still the seeded demo (its rows are there until "Remove the demo"). */
  isDemo: boolean;
  newAreaTaxRateBps: number;
}

interface StateRow {
  setup_steps_done: string[];
  setup_completed_at: Date | null;
  is_demo: boolean;
  new_area_tax_rate_bps: number;
}

/** Where the owner is in the setup; null when there are no settings at all (nothing seeded, nothing started). */
export async function getSetupState(sql: Sql): Promise<SetupState | null> {
  const [row] = await sql<StateRow[]>`
    select setup_steps_done, setup_completed_at, is_demo, new_area_tax_rate_bps from business_settings where id`;
  if (!row) return null;
  const done = setupSteps.map((s) => s.id).filter((id) => row.setup_steps_done.includes(id));
  return {
    done,
    completedAt: row.setup_completed_at?.toISOString() ?? null,
    resumeAt: resumeStep(done),
    isDemo: row.is_demo,
    newAreaTaxRateBps: row.new_area_tax_rate_bps,
  };
}

async function requireState(sql: Sql): Promise<SetupState> {
  const state = await getSetupState(sql);
  if (!state) throw new AppError('conflict', 'There are no business settings yet: start the site once (npm start) to create them.');
  return state;
}

/** Each step's current values, as its form starts from them. */
function stepValues(settings: BusinessSettings, state: SetupState): Record<SetupStepId, Record<string, unknown>> {
  const pick = (step: SetupStepId) => Object.fromEntries(stepSettingsFields[step].map((k) => [k, settings[k]]));
  return {
    business: pick('business'),
    // The zone starts unchosen until the owner saves this step: the demo's (Central) or the empty start's
    // placeholder (Eastern) showed as if chosen, and "Next" kept it for a business in another zone.
    address: { ...pick('address'), timezone: state.done.includes('address') ? settings.timezone : '' },
    brand: { ...pick('brand'), logoPath: settings.logoPath },
    warehouse: pick('warehouse'),
    area: {},
    tax: { ...pick('tax'), taxRatePercent: state.newAreaTaxRateBps / 100 },
    policies: { ...pick('policies'), damageWaiver: damageWaiverChoice(settings) },
    hours: pick('hours'),
    payments: pick('payments'),
  };
}

/** What the wizard shows: the state, each step's values, the service areas so far and what the demo still holds. */
export async function setupOverview(sql: Sql) {
  const state = await requireState(sql);
  const [settings, areas, demo, real] = await Promise.all([getSettings(sql), activeAreas(sql), demoCounts(sql), realBookings(sql)]);
  return { state, values: stepValues(settings, state), activeServiceAreas: areas, demo: { ...demo, realBookings: real } };
}

async function activeAreas(sql: Sql): Promise<{ city: string; state: string; zipCodes: number }[]> {
  return sql<{ city: string; state: string; zipCodes: number }[]>`
    select a.city, a.state, (select count(*)::int from service_area_zips z where z.service_area_id = a.id) as "zipCodes"
    from service_areas a where a.active order by a.city`;
}

/**
 * Saves one step on "Next", audited (`setup.<step>`); the step counts as done from then on. The
 * settings it edits go through the same merge and validation as the settings screen.
 */
export async function saveSetupStep(db: Database, step: SetupStepId, input: unknown, audit: Audit) {
  const values = setupStepSchemas[step].parse(input) as Record<string, unknown>;
  const picked = (s: BusinessSettings) => Object.fromEntries(stepSettingsFields[step].map((k) => [k, s[k]]));
  const { answer } = await auditedChange(db, audit, {
    lock: (tx) => requireState(tx),
    check: async (_, tx) => {
      if (step === 'area') {
        const [area] = await tx`select 1 from service_areas where active limit 1`;
        if (!area) throw fieldError('serviceAreas', 'Add at least one service area: the site takes bookings only where you deliver.');
      }
    },
    change: async (tx) => {
      const settings = Object.fromEntries(stepSettingsFields[step].map((k) => [k, values[k]])) as Partial<BusinessSettings>;
      if (step === 'policies') {
        Object.assign(settings, damageWaiverSettings(values.damageWaiver as DamageWaiverChoice, values.damageWaiverPercent as number));
        // Settings → Changes keeps the credit limit within the refund limit (the credit tier lies between the
        // two): a refund limit chosen here shorter than the credit limit brings that limit down with it, or no
        // later save of that section would pass. The policy customers read is the same: no credit tier.
        const [held] = await tx<{ hours: number }[]>`select cancellation_credit_hours as hours from business_settings where id`;
        const most = (values.cancellationRefundDays as number) * 24;
        if (held!.hours > most) settings.cancellationCreditHours = most;
      }
      const merged = await mergeSettings(tx, settings);
      const extra: Record<string, unknown> = {};
      if (settings.cancellationCreditHours !== undefined) extra.cancellationCreditHours = settings.cancellationCreditHours;
      if (step === 'tax') {
        const bps = percentToBps(values.taxRatePercent as number);
        // The rate for areas made from now on, and for the owner's areas made so far in the setup (the demo's keep theirs).
        await tx`update business_settings set new_area_tax_rate_bps = ${bps} where id`;
        const changed = await tx`update service_areas set tax_rate_bps = ${bps}, updated_at = now() where not demo and tax_rate_bps <> ${bps} returning id`;
        extra.newAreaTaxRateBps = bps;
        extra.serviceAreasUpdated = changed.length;
      }
      await tx`update business_settings set setup_steps_done = array(select distinct unnest(setup_steps_done || ${[step]}::text[])) where id`;
      return { ...merged, extra, answer: { step, state: await requireState(tx) } };
    },
    audit: ({ current, next, extra }) => ({ action: `setup.${step}`, entity: 'business_settings', entityId: step, before: picked(current), after: { ...picked(next), ...extra } }),
    rebuild: ({ pageFields }) => pageFields.length > 0 && `Setup: ${setupSteps.find((s) => s.id === step)!.label} saved`,
  });
  return answer;
}

/**
 * "Finish": every step saved, the setup is marked done (the dashboard stops offering it) and the site
 * is rebuilt so the public pages show the business and stop saying "opening soon". Audited.
 */
export async function finishSetup(db: Database, audit: Audit) {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      await tx`select 1 from business_settings where id for update`;
      return requireState(tx);
    },
    check: (state) => {
      const missing = setupSteps.filter((s) => !state.done.includes(s.id));
      if (missing.length > 0) {
        throw new AppError('conflict', `Finish these steps first: ${missing.map((s) => s.label).join(', ')}.`);
      }
    },
    change: async (tx) => {
      await tx`update business_settings set setup_completed_at = coalesce(setup_completed_at, now()), updated_at = now() where id`;
      return { state: await requireState(tx) };
    },
    audit: (_, state) => ({ action: 'setup.finish', entity: 'business_settings', entityId: 'setup', before: { completedAt: state.completedAt }, after: { done: state.done } }),
    rebuild: () => 'Setup finished',
  });
}

export interface DemoCounts {
  categories: number;
  products: number;
  units: number;
  photos: number;
  packages: number;
  bookings: number;
  customers: number;
  serviceAreas: number;
  coupons: number;
  trucks: number;
}

async function demoCounts(sql: Sql): Promise<DemoCounts> {
  const [row] = await sql<DemoCounts[]>`
    select (select count(*)::int from categories where demo) as categories,
      (select count(*)::int from products where demo) as products,
      (select count(*)::int from inventory_units u join products p on p.id = u.product_id where p.demo) as units,
      (select count(*)::int from product_photos f join products p on p.id = f.product_id where p.demo) as photos,
      (select count(*)::int from products p where p.demo and exists (select 1 from package_items i where i.package_id = p.id)) as packages,
      (select count(*)::int from bookings where demo) as bookings,
      (select count(*)::int from customers where demo) as customers,
      (select count(*)::int from service_areas where demo) as "serviceAreas",
      (select count(*)::int from coupons where demo) as coupons,
      (select count(*)::int from trucks where demo) as trucks`;
  return row!;
}

async function realBookings(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from bookings where not demo`;
  return row!.count;
}

/**
 * "Remove the demo" (owners): deletes, in one transaction, every row the demo seed wrote (marked
 * `demo`) and what hangs off it — the catalog (categories, products with their units, photos and
 * package contents), bookings (items, allocations, payments, waivers, reminders, the mail queued to
 * their customers), customers, the requests tied to them or to demo products (quotes, cake orders,
 * messages quoting a demo booking number), service areas, coupons and trucks. Rows the owner made or
 * imported stay. So does what the owner's own rows use: a business that took real bookings before
 * removing the demo (a phone booking of a demo castle in a demo town) keeps that product, town, coupon,
 * truck and customer as its own, with the booking's history whole, and the site stops being the demo
 * (until then QuickBooks is sent nothing and the demo's pages are built). Audited (`demo.remove`, with
 * the counts and what was kept); the site is rebuilt and is no longer the demo.
 */
export async function removeDemo(db: Database, audit: Audit) {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      // One removal at a time, and no settings change in between.
      await tx`select 1 from business_settings where id for update`;
      return { before: await demoCounts(tx) };
    },
    change: (tx, { before }) => deleteDemoRows(tx, before),
    audit: ({ removed, kept }, { before }) => ({ action: 'demo.remove', entity: 'business_settings', entityId: 'demo', before, after: { ...removed, kept } }),
    rebuild: () => 'Demo removed',
  });
}

/** removeDemo's deletions, in the order the foreign keys need; the counts of what went and of what was kept. */
async function deleteDemoRows(tx: Sql, before: DemoCounts): Promise<{ removed: Record<string, number>; kept: Record<string, number> }> {
  const kept = await keepWhatTheOwnersRowsUse(tx);
  const removed: Record<string, number> = {};
  const del = async (key: string, query: PromiseLike<{ length: number }>) => {
    removed[key] = (removed[key] ?? 0) + (await query).length;
  };

  // Requests that point at demo rows.
  await del('cakeOrders', tx`delete from cake_orders where booking_id in (select id from bookings where demo) or product_id in (select id from products where demo) or customer_id in (select id from customers where demo) returning id`);
  await del('quotes', tx`delete from quotes where booking_id in (select id from bookings where demo) or customer_id in (select id from customers where demo) returning id`);
  await del('messages', tx`delete from contact_messages where booking_number in (select number from bookings where demo) returning id`);
  await del('emails', tx`delete from outbound_emails where lower(to_address) in (select lower(email) from customers where demo) returning id`);

  // Bookings and what must go before them (payments and waivers are kept from deletion by design).
  await tx`update payments set dispute_id = null where booking_id in (select id from bookings where demo) and dispute_id is not null`;
  await del('disputes', tx`delete from payment_disputes where booking_id in (select id from bookings where demo) returning id`);
  // Credit spent on demo bookings, and the demo customers' credits (a trial of the credit screens).
  await tx`delete from credit_uses where booking_id in (select id from bookings where demo)`;
  await tx`update customer_credits set source_booking_id = null where source_booking_id in (select id from bookings where demo)`;
  await tx`delete from customer_credits cc where customer_id in (select id from customers where demo) and not exists (select 1 from credit_uses u where u.credit_id = cc.id)`;
  await del('payments', tx`delete from payments where booking_id in (select id from bookings where demo) and refund_of is not null returning id`);
  await del('payments', tx`delete from payments where booking_id in (select id from bookings where demo) returning id`);
  await del('waivers', tx`delete from waivers where booking_id in (select id from bookings where demo) returning id`);
  await del('bookings', tx`delete from bookings where demo returning id`);
  await del('customers', tx`delete from customers c where demo and not exists (select 1 from bookings b where b.customer_id = c.id) and not exists (select 1 from customer_credits cc where cc.customer_id = c.id) returning id`);

  // The catalog: packages first (they list other products), then the rest.
  await del('products', tx`delete from products p where demo and exists (select 1 from package_items i where i.package_id = p.id) returning id`);
  await del('products', tx`delete from products p where demo and not exists (select 1 from package_items i where i.item_id = p.id) returning id`);
  // A demo category the owner put products in is the owner's now.
  await tx`update categories c set demo = false where demo and exists (select 1 from products p where p.category_id = c.id)`;
  await del('categories', tx`delete from categories where demo returning id`);

  await del('serviceAreas', tx`delete from service_areas where demo returning id`);
  await del('coupons', tx`delete from coupons where demo returning id`);
  await del('trucks', tx`delete from trucks where demo returning id`);

  await tx`update business_settings set is_demo = false, updated_at = now() where id`;
  // Units, photos and package contents went with their products.
  return { removed: { ...removed, units: before.units, photos: before.photos, packages: before.packages }, kept };
}

/**
 * The demo's rows that the owner's own rows use become the owner's (no longer marked `demo`), so the
 * deletions leave them: the products, service areas, coupons, trucks and customers of real bookings,
 * the products of real cake orders, and what a kept or owner's package holds. The counts of each.
 */
async function keepWhatTheOwnersRowsUse(tx: Sql): Promise<Record<string, number>> {
  const kept: Record<string, number> = {};
  const keep = async (key: string, query: PromiseLike<{ length: number }>) => {
    kept[key] = (kept[key] ?? 0) + (await query).length;
  };
  await keep('customers', tx`update customers c set demo = false where demo and exists (select 1 from bookings b where b.customer_id = c.id and not b.demo) returning id`);
  await keep('serviceAreas', tx`update service_areas a set demo = false where demo and exists (select 1 from bookings b where b.service_area_id = a.id and not b.demo) returning id`);
  await keep('coupons', tx`update coupons c set demo = false where demo and exists (select 1 from bookings b where b.coupon_id = c.id and not b.demo) returning id`);
  await keep('trucks', tx`update trucks t set demo = false where demo and exists (select 1 from bookings b where b.truck_id = t.id and not b.demo) returning id`);
  // A cake order is the demo's when its booking or its customer is.
  await keep(
    'products',
    tx`update products p set demo = false where demo and (
      exists (select 1 from booking_items i join bookings b on b.id = i.booking_id where i.product_id = p.id and not b.demo)
      or exists (select 1 from cake_orders o where o.product_id = p.id
        and not exists (select 1 from bookings b where b.id = o.booking_id and b.demo)
        and not exists (select 1 from customers c where c.id = o.customer_id and c.demo)))
    returning id`,
  );
  // What the packages now the owner's hold (packages list products, not other packages).
  await keep('products', tx`update products p set demo = false where demo and exists (select 1 from package_items i join products k on k.id = i.package_id where i.item_id = p.id and not k.demo) returning id`);
  return kept;
}

/**
 * The empty start: writes the neutral starting settings (see starting-settings.ts) when there are
 * none, so the site builds and the owner lands in the setup wizard. Returns whether it wrote them.
 */
export async function writeStartingSettings(sql: Database, ownerEmail: string | undefined): Promise<boolean> {
  const [existing] = await sql`select 1 from business_settings where id`;
  if (existing) return false;
  await saveSettings(sql, startingSettings(ownerEmail));
  return true;
}

/** What the build needs to know about the setup: whether the site is the owner's yet. */
export async function setupForBuild(sql: Sql): Promise<{ openingSoon: boolean }> {
  const state = await getSetupState(sql);
  return { openingSoon: state !== null && !state.isDemo && state.completedAt === null };
}
