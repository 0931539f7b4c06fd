import type { Audit } from '../auth/index.server';
import { hasRole, type StaffRole } from '../auth';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { getBusinessClock } from '../business/index.server';
import {
  CREW_EDITABLE_UNIT_FIELDS,
  DEFAULT_PERIOD_DAYS,
  type InventoryQuery,
  type InventorySummary,
  type NewUnitInput,
  type Period,
  type ProductInventory,
  type UnitChange,
  type UnitDto,
  type UnitStatus,
} from './inventory';
import { offsetOf, pageOf, likePattern, type Page } from '../lists';
import type { DamageReportDto } from '../day';
import { damageReportsOf } from '../day/index.server';
import { combineUtilisation, lastDays, unitUtilisation, type DayRange } from './utilisation';
import { auditedChange } from '../admin/index.server';

interface UnitRow {
  id: string;
  product_id: string;
  product_name: string;
  category_id: string;
  category_name: string;
  label: string;
  serial_number: string | null;
  status: UnitStatus;
  notes: string;
  purchased_on: string | null;
  purchase_cost_cents: number | null;
  created_at: Date;
  updated_at: Date;
  added_on: string;
  upcoming: number;
}

const unitColumns = (sql: Sql, timeZone: string, now: Date) => sql`
  u.id, u.product_id, p.name as product_name, p.category_id, c.name as category_name, u.label, u.serial_number,
  u.status, u.notes, u.purchased_on::text, u.purchase_cost_cents, u.created_at, u.updated_at,
  coalesce(u.purchased_on, (u.created_at at time zone ${timeZone})::date)::text as added_on,
  (select count(distinct a.booking_id)::int from unit_allocations a
    where a.unit_id = u.id and a.released_at is null and upper(a.during) > ${now}) as upcoming`;

/** The period asked for, or the last 90 days up to today (local). */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, today: string): Period {
  return query.from && query.to ? { from: query.from, to: query.to } : lastDays(today, DEFAULT_PERIOD_DAYS);
}

/**
 * Booked days (local) per unit in the period, and the blackouts that apply to each product.
 * Allocations include set-up and tear-down; an allocation ending exactly at local midnight does not
 * use the next day (hence the microsecond).
 */
async function usage(sql: Sql, units: UnitRow[], period: Period, timeZone: string) {
  const ids = units.map((u) => u.id);
  const [allocations, blackouts] = await Promise.all([
    sql<{ unit_id: string; from: string; to: string }[]>`
      select a.unit_id, (lower(a.during) at time zone ${timeZone})::date::text as from,
        ((upper(a.during) - interval '1 microsecond') at time zone ${timeZone})::date::text as to
      from unit_allocations a
      where a.unit_id = any(${ids}::uuid[]) and a.released_at is null
        and lower(a.during) < (${period.to}::date + 2)::timestamp at time zone ${timeZone}
        and upper(a.during) > (${period.from}::date - 1)::timestamp at time zone ${timeZone}`,
    sql<{ scope: string; category_id: string | null; product_id: string | null; from: string; to: string }[]>`
      select scope, category_id, product_id, starts_on::text as from, ends_on::text as to from blackouts
      where starts_on <= ${period.to}::date and ends_on >= ${period.from}::date`,
  ]);
  const booked = new Map<string, DayRange[]>();
  for (const a of allocations) booked.set(a.unit_id, [...(booked.get(a.unit_id) ?? []), { from: a.from, to: a.to }]);
  const closedFor = (u: UnitRow) =>
    blackouts.filter((b) => b.scope === 'business' || b.category_id === u.category_id || b.product_id === u.product_id);
  return (u: UnitRow) => unitUtilisation({ period, addedOn: u.added_on, booked: booked.get(u.id) ?? [], closed: closedFor(u) });
}

function toDto(u: UnitRow, utilisation: UnitDto['utilisation'], damageReports: DamageReportDto[]): UnitDto {
  return {
    id: u.id,
    productId: u.product_id,
    productName: u.product_name,
    categoryName: u.category_name,
    label: u.label,
    serialNumber: u.serial_number ?? '',
    status: u.status,
    notes: u.notes,
    purchasedOn: u.purchased_on,
    purchaseCostCents: u.purchase_cost_cents,
    createdAt: u.created_at.toISOString(),
    updatedAt: u.updated_at.toISOString(),
    utilisation,
    upcomingBookings: u.upcoming,
    damageReports,
  };
}

function summarise(units: UnitDto[], period: Period): InventorySummary {
  const byStatus: Record<UnitStatus, number> = { available: 0, maintenance: 0, retired: 0 };
  for (const u of units) byStatus[u.status]++;
  // Retired units no longer earn anything; counting their idle days would drag the figure down for ever.
  const utilisation = combineUtilisation(units.filter((u) => u.status !== 'retired').map((u) => u.utilisation));
  return { period, units: units.length, byStatus, utilisation };
}

async function withUtilisation(sql: Sql, rows: UnitRow[], period: Period, timeZone: string): Promise<UnitDto[]> {
  if (rows.length === 0) return [];
  const [utilisationOf, reports] = await Promise.all([usage(sql, rows, period, timeZone), damageReportsOf(sql, rows.map((r) => r.id))]);
  return rows.map((r) => toDto(r, utilisationOf(r), reports.filter((d) => d.unitId === r.id)));
}

const statusOrder: Record<UnitStatus, number> = { maintenance: 0, available: 1, retired: 2 };
const comparators: Record<InventoryQuery['sort'], (a: UnitDto, b: UnitDto) => number> = {
  product: (a, b) => a.productName.localeCompare(b.productName) || a.label.localeCompare(b.label, undefined, { numeric: true }),
  label: (a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }) || a.productName.localeCompare(b.productName),
  status: (a, b) => statusOrder[a.status] - statusOrder[b.status] || a.productName.localeCompare(b.productName),
  utilisation: (a, b) => (a.utilisation.ratio ?? -1) - (b.utilisation.ratio ?? -1) || a.productName.localeCompare(b.productName),
  updated: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
};

/**
 * Every unit matching the filters, with utilisation over the period. The fleet is at most a few
 * hundred units, so utilisation is computed for all matches and sorted in memory (sorting by a
 * computed figure cannot happen in SQL); the page is cut afterwards.
 */
export async function listUnits(
  sql: Sql,
  query: InventoryQuery,
  now: Date,
): Promise<Page<UnitDto> & { summary: InventorySummary; categories: { id: string; name: string }[] }> {
  const clock = await getBusinessClock(sql, now);
  const { timeZone } = clock;
  const period = resolvePeriod(query, clock.today());
  const pattern = likePattern(query.q);
  const rows = await sql<UnitRow[]>`
    select ${unitColumns(sql, timeZone, now)}
    from inventory_units u join products p on p.id = u.product_id join categories c on c.id = p.category_id
    where (${query.q} = '' or u.label ilike ${pattern} or p.name ilike ${pattern} or coalesce(u.serial_number, '') ilike ${pattern} or u.notes ilike ${pattern})
      and (${query.status} = '' or u.status = ${query.status})
      and (${query.categoryId} = '' or p.category_id::text = ${query.categoryId})`;
  const [units, categories] = await Promise.all([
    withUtilisation(sql, rows, period, timeZone),
    // For the category filter: only categories that have units.
    sql<{ id: string; name: string }[]>`
      select c.id, c.name from categories c
      where exists (select 1 from products p join inventory_units u on u.product_id = p.id where p.category_id = c.id)
      order by c.sort_order, c.name`,
  ]);
  const compare = comparators[query.sort];
  units.sort((a, b) => (query.dir === 'asc' ? compare(a, b) : compare(b, a)));
  const start = offsetOf(query);
  return { ...pageOf(query, units.slice(start, start + query.pageSize), units.length), summary: summarise(units, period), categories: [...categories] };
}

export async function productInventory(sql: Sql, productId: string, range: { from?: string | undefined; to?: string | undefined }, now: Date): Promise<ProductInventory> {
  const clock = await getBusinessClock(sql, now);
  const { timeZone } = clock;
  const [product] = await sql<{ id: string; name: string; slug: string; category_name: string; tracks_inventory: boolean; is_package: boolean }[]>`
    select p.id, p.name, p.slug, c.name as category_name, p.tracks_inventory,
      exists (select 1 from package_items pi where pi.package_id = p.id) as is_package
    from products p join categories c on c.id = p.category_id where p.id = ${productId}`;
  if (!product) throw new AppError('not_found', 'No such product.');
  const period = resolvePeriod(range, clock.today());
  const rows = await sql<UnitRow[]>`
    select ${unitColumns(sql, timeZone, now)}
    from inventory_units u join products p on p.id = u.product_id join categories c on c.id = p.category_id
    where u.product_id = ${productId}`;
  const units = await withUtilisation(sql, rows, period, timeZone);
  units.sort(comparators.label);
  return {
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      categoryName: product.category_name,
      tracksInventory: product.tracks_inventory,
      isPackage: product.is_package,
    },
    summary: summarise(units, period),
    units,
  };
}

/** One unit as the API returns it after a change (utilisation over the last 90 days). */
export async function getUnit(sql: Sql, id: string, now: Date): Promise<UnitDto | null> {
  const clock = await getBusinessClock(sql, now);
  const { timeZone } = clock;
  const rows = await sql<UnitRow[]>`
    select ${unitColumns(sql, timeZone, now)}
    from inventory_units u join products p on p.id = u.product_id join categories c on c.id = p.category_id
    where u.id = ${id}`;
  const [unit] = await withUtilisation(sql, rows, lastDays(clock.today(), DEFAULT_PERIOD_DAYS), timeZone);
  return unit ?? null;
}

async function assertLabelFree(sql: Sql, productId: string, label: string, exceptId: string | null): Promise<void> {
  const [taken] = await sql`
    select 1 from inventory_units where product_id = ${productId} and lower(label) = lower(${label}) and id <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}`;
  if (taken) throw fieldError('label', `This product already has a unit labelled “${label}”.`);
}

/** Adds a unit to a product that tracks inventory, audited. */
export async function createUnit(db: Database, productId: string, input: NewUnitInput, audit: Audit, now: Date): Promise<UnitDto> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [product] = await tx<{ tracks_inventory: boolean; is_package: boolean }[]>`
        select tracks_inventory, exists (select 1 from package_items pi where pi.package_id = p.id) as is_package
        from products p where p.id = ${productId} for update`;
      if (!product) throw new AppError('not_found', 'No such product.');
      return product;
    },
    check: async (product, tx) => {
      if (product.is_package) throw new AppError('validation', 'A package has no units of its own: add units to the products inside it.');
      if (!product.tracks_inventory) throw new AppError('validation', 'This product is made to order and has no units to track.');
      await assertLabelFree(tx, productId, input.label, null);
    },
    change: async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into inventory_units ${tx({
          product_id: productId,
          label: input.label,
          serial_number: input.serialNumber || null,
          status: input.status,
          notes: input.notes,
          purchased_on: input.purchasedOn,
          purchase_cost_cents: input.purchaseCostCents,
        })} returning id`;
      return (await getUnit(tx, row!.id, now))!;
    },
    audit: (unit) => ({ action: 'unit.create', entity: 'inventory_unit', entityId: unit.id, before: null, after: unit }),
  });
}

/**
 * Changes a unit inside the caller's transaction; crew may only change its notes. The row lock
 * waits for a booking that is taking the unit, so a unit taken out of service sees that booking.
 */
export async function updateUnit(sql: Sql, id: string, change: UnitChange, role: StaffRole, now: Date): Promise<{ before: UnitDto; after: UnitDto }> {
  if (!hasRole(role, 'manager')) {
    const beyond = Object.keys(change).filter((k) => !CREW_EDITABLE_UNIT_FIELDS.includes(k as keyof UnitChange));
    if (beyond.length) throw new AppError('forbidden', 'Crew can add notes to a unit; ask a manager to change anything else.');
  }
  const [locked] = await sql<{ product_id: string }[]>`select product_id from inventory_units where id = ${id} for update`;
  if (!locked) throw new AppError('not_found', 'No such unit.');
  const before = (await getUnit(sql, id, now))!;
  if (change.label !== undefined) await assertLabelFree(sql, locked.product_id, change.label, id);
  const columns: Record<string, unknown> = {};
  if (change.label !== undefined) columns.label = change.label;
  if (change.serialNumber !== undefined) columns.serial_number = change.serialNumber || null;
  if (change.status !== undefined) columns.status = change.status;
  if (change.notes !== undefined) columns.notes = change.notes;
  if (change.purchasedOn !== undefined) columns.purchased_on = change.purchasedOn;
  if (change.purchaseCostCents !== undefined) columns.purchase_cost_cents = change.purchaseCostCents;
  await sql`update inventory_units set ${sql(columns as Record<string, string>)}, updated_at = now() where id = ${id}`;
  return { before, after: (await getUnit(sql, id, now))! };
}

/** A staff change to a unit (updateUnit), audited as a status move when the status changed. */
export async function changeUnit(db: Database, id: string, change: UnitChange, role: StaffRole, audit: Audit, now: Date): Promise<UnitDto> {
  const { after } = await auditedChange(db, audit, {
    change: (tx) => updateUnit(tx, id, change, role, now),
    audit: ({ before, after }) => ({
      action: change.status && change.status !== before.status ? `unit.status.${change.status}` : 'unit.update',
      entity: 'inventory_unit',
      entityId: id,
      before,
      after,
    }),
  });
  return after;
}

/** Deletes a unit that was never booked; a unit with booking history must be retired instead. */
export async function deleteUnit(db: Database, id: string, audit: Audit, now: Date): Promise<UnitDto> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [locked] = await tx`select 1 from inventory_units where id = ${id} for update`;
      if (!locked) throw new AppError('not_found', 'No such unit.');
      return (await getUnit(tx, id, now))!;
    },
    check: async (_, tx) => {
      const [used] = await tx`select 1 from unit_allocations where unit_id = ${id} limit 1`;
      if (used) throw new AppError('conflict', 'This unit has bookings on record, so it cannot be deleted. Set it to Retired instead.');
    },
    change: async (tx, before) => {
      await tx`delete from inventory_units where id = ${id}`;
      return before;
    },
    audit: (before) => ({ action: 'unit.delete', entity: 'inventory_unit', entityId: id, before, after: null }),
  });
}
