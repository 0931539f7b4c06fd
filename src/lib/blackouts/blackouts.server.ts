import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { getBusinessClock } from '../business/index.server';
import type { BlackoutDto, BlackoutInput, BlackoutListQuery, BlackoutTargets } from './blackouts';
import { calendarStatuses } from '../calendar';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import { auditedChange } from '../admin/index.server';

interface BlackoutRow {
  id: string;
  scope: BlackoutDto['scope'];
  category_id: string | null;
  product_id: string | null;
  target_name: string | null;
  starts_on: string;
  ends_on: string;
  reason: string;
  created_at: Date;
  affected: number;
}

/**
 * Bookings that use units and fall on the blackout's local days, for its scope. A package counts
 * for a product or category blackout when one of the products inside it is covered.
 */
const selectBlackouts = (sql: Sql, timeZone: string, now: Date) => sql`
  select b.id, b.scope, b.category_id, b.product_id, coalesce(p.name, c.name) as target_name,
    b.starts_on::text, b.ends_on::text, b.reason, b.created_at,
    (select count(*)::int from bookings k
      where k.status = any(${calendarStatuses as unknown as string[]}) and (k.status <> 'hold' or k.hold_expires_at > ${now})
        and k.event_start < (b.ends_on + 1)::timestamp at time zone ${timeZone}
        and k.event_end > b.starts_on::timestamp at time zone ${timeZone}
        and (b.scope = 'business' or exists (
          select 1 from booking_items bi
          left join package_items pi on pi.package_id = bi.product_id
          join products bp on bp.id = bi.product_id or bp.id = pi.item_id
          where bi.booking_id = k.id and (bp.id = b.product_id or bp.category_id = b.category_id)))) as affected
  from blackouts b left join products p on p.id = b.product_id left join categories c on c.id = b.category_id`;

const toDto = (r: BlackoutRow): BlackoutDto => ({
  id: r.id,
  scope: r.scope,
  categoryId: r.category_id,
  productId: r.product_id,
  targetName: r.target_name,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  reason: r.reason,
  createdAt: r.created_at.toISOString(),
  bookingsAffected: r.affected,
});

const sortColumns: Record<BlackoutListQuery['sort'], string> = { startsOn: 'starts_on', endsOn: 'ends_on', scope: 'scope', createdAt: 'created_at' };

export async function listBlackouts(sql: Sql, query: BlackoutListQuery, now: Date): Promise<Page<BlackoutDto>> {
  const clock = await getBusinessClock(sql, now);
  const today = clock.today();
  const pattern = likePattern(query.q);
  const filter = sql`
    where (${query.q} = '' or reason ilike ${pattern} or coalesce(target_name, '') ilike ${pattern})
      and (${query.scope} = '' or scope = ${query.scope})
      and (${query.when} = 'all' or (${query.when} = 'upcoming' and ends_on::date >= ${today}::date) or (${query.when} = 'past' and ends_on::date < ${today}::date))`;
  const [rows, [count]] = await Promise.all([
    sql<BlackoutRow[]>`
      select * from (${selectBlackouts(sql, clock.timeZone, now)}) x ${filter}
      order by ${sql(sortColumns[query.sort])} ${sql.unsafe(query.dir === 'asc' ? 'asc' : 'desc')}, starts_on, id
      limit ${query.pageSize} offset ${offsetOf(query)}`,
    sql<{ total: number }[]>`select count(*)::int as total from (${selectBlackouts(sql, clock.timeZone, now)}) x ${filter}`,
  ]);
  return pageOf(query, rows.map(toDto), count!.total);
}

const noSuchBlackout = () => new AppError('not_found', 'No such blackout.');

export async function getBlackout(sql: Sql, id: string, now: Date): Promise<BlackoutDto> {
  const { timeZone } = await getBusinessClock(sql, now);
  const [row] = await sql<BlackoutRow[]>`select * from (${selectBlackouts(sql, timeZone, now)}) x where id = ${id}`;
  if (!row) throw noSuchBlackout();
  return toDto(row);
}

export async function blackoutTargets(sql: Sql): Promise<BlackoutTargets> {
  const [categories, products] = await Promise.all([
    sql<{ id: string; name: string }[]>`select id, name from categories order by sort_order, name`,
    sql<{ id: string; name: string; categoryName: string }[]>`
      select p.id, p.name, c.name as "categoryName" from products p join categories c on c.id = p.category_id order by p.name`,
  ]);
  return { categories: [...categories], products: [...products] };
}

/** The category or product must exist: a clear field error instead of a foreign-key failure. */
async function assertTarget(sql: Sql, input: BlackoutInput): Promise<void> {
  if (input.categoryId) {
    const [found] = await sql`select 1 from categories where id = ${input.categoryId}`;
    if (!found) throw fieldError('categoryId', 'Choose a category from the list');
  }
  if (input.productId) {
    const [found] = await sql`select 1 from products where id = ${input.productId}`;
    if (!found) throw fieldError('productId', 'Choose a product from the list');
  }
}

const columns = (input: BlackoutInput) => ({
  scope: input.scope,
  category_id: input.categoryId,
  product_id: input.productId,
  starts_on: input.startsOn,
  ends_on: input.endsOn,
  reason: input.reason,
});

/**
 * Blackout changes, each audited in its own transaction. Availability reads blackouts live, so no
 * rebuild of the static pages is requested.
 */
export async function createBlackout(db: Database, input: BlackoutInput, audit: Audit, now: Date): Promise<BlackoutDto> {
  return auditedChange(db, audit, {
    check: (_, tx) => assertTarget(tx, input),
    change: async (tx) => {
      const [row] = await tx<{ id: string }[]>`insert into blackouts ${tx(columns(input))} returning id`;
      return getBlackout(tx, row!.id, now);
    },
    audit: (created) => ({ action: 'blackout.create', entity: 'blackout', entityId: created.id, before: null, after: created }),
  });
}

export async function updateBlackout(db: Database, id: string, input: BlackoutInput, audit: Audit, now: Date): Promise<BlackoutDto> {
  return auditedChange(db, audit, {
    lock: (tx) => lockBlackout(tx, id, now),
    check: (_, tx) => assertTarget(tx, input),
    change: async (tx) => {
      await tx`update blackouts set ${tx(columns(input))} where id = ${id}`;
      return getBlackout(tx, id, now);
    },
    audit: (after, before) => ({ action: 'blackout.update', entity: 'blackout', entityId: id, before, after }),
  });
}

export async function deleteBlackout(db: Database, id: string, audit: Audit, now: Date): Promise<BlackoutDto> {
  return auditedChange(db, audit, {
    lock: (tx) => lockBlackout(tx, id, now),
    change: async (tx, before) => {
      await tx`delete from blackouts where id = ${id}`;
      return before;
    },
    audit: (before) => ({ action: 'blackout.delete', entity: 'blackout', entityId: id, before, after: null }),
  });
}

/** Locks one blackout for a change and reads it as it was before. */
async function lockBlackout(tx: Sql, id: string, now: Date): Promise<BlackoutDto> {
  const [locked] = await tx`select 1 from blackouts where id = ${id} for update`;
  if (!locked) throw noSuchBlackout();
  return getBlackout(tx, id, now);
}
