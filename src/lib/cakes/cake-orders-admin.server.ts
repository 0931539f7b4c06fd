import type { Audit } from '../auth/index.server';
import { hasRole, type StaffRole } from '../auth';
import { choiceLabel, CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS } from './cake-options';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import { fileStorage } from '../storage/index.server';
import { sendQueuedMail, queueEmail } from '../email/index.server';
import { isNotifiableCakeStatus } from '../booking';
import { cakeStatusEmail } from './cake-notice-email';
import type { CakeOrderFacts } from './cake-order-emails';
import { getSettings } from '../business/index.server';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import { cakeStatuses, cakeTransitions, canMoveCake, type CakeStatus } from './cake-status';
import type { CakeListQuery, CakeUpdateInput } from './cake-orders-admin-input';
import { auditedChange } from '../admin/index.server';
import { adminApi } from '../paths';

export interface CakeOrderItem extends CakeOrderFacts {
  id: string;
  status: CakeStatus;
  product: string;
  filling: string | null;
  bookingId: string | null;
  /** The language of the page it was ordered on. */
  language: 'en' | 'es';
  staffNotes: string;
  /** Behind the staff session, or null when the customer sent none. */
  photoUrl: string | null;
  nextStatuses: CakeStatus[];
  createdAt: string;
  statusChangedAt: string | null;
}

export interface CakeOrderPage extends Page<CakeOrderItem> {
  /** Orders per status for the same search and dates, for the pipeline's tabs. */
  counts: Record<CakeStatus, number>;
}

interface CakeRow {
  id: string;
  number: string;
  status: CakeStatus;
  name: string;
  email: string;
  phone: string;
  product_name: string;
  /** The product's Spanish name, if it has one: what a Spanish order's notice calls the cake. */
  product_name_es: string | null;
  servings: number;
  tiers: number;
  flavour: string;
  filling: string | null;
  frosting: string;
  message_on_cake: string | null;
  allergies: string;
  fulfilment: 'pickup' | 'delivery';
  needed_on: string;
  booking_number: string | null;
  booking_id: string | null;
  price_cents: number;
  price_lines: { label: string; amountCents: number }[];
  staff_notes: string;
  reference_photo_path: string | null;
  reference_photo_type: string | null;
  language: 'en' | 'es';
  created_at: Date;
  status_changed_at: Date | null;
}

const toItem = (r: CakeRow): CakeOrderItem => ({
  id: r.id,
  number: r.number,
  status: r.status,
  name: r.name,
  email: r.email,
  phone: r.phone,
  product: r.product_name,
  servings: r.servings,
  tiers: r.tiers,
  flavour: choiceLabel(CAKE_FLAVOURS, r.flavour),
  filling: r.filling ? choiceLabel(CAKE_FILLINGS, r.filling) : null,
  frosting: choiceLabel(CAKE_FROSTINGS, r.frosting),
  messageOnCake: r.message_on_cake,
  allergies: r.allergies,
  fulfilment: r.fulfilment,
  neededOn: r.needed_on,
  bookingNumber: r.booking_number,
  bookingId: r.booking_id,
  priceCents: r.price_cents,
  priceLines: r.price_lines,
  staffNotes: r.staff_notes,
  photoUrl: r.reference_photo_path ? adminApi.cakeOrders.one(r.id, 'photo') : null,
  nextStatuses: cakeTransitions[r.status],
  language: r.language,
  createdAt: r.created_at.toISOString(),
  statusChangedAt: r.status_changed_at?.toISOString() ?? null,
});

const selectCake = (sql: Sql) => sql`
  select o.id, o.number, o.status, o.name, o.email, o.phone, p.name as product_name, nullif(p.name_es, '') as product_name_es, o.servings, o.tiers, o.flavour,
    o.filling, o.frosting, o.message_on_cake, o.allergies, o.fulfilment, o.needed_on::text, b.number as booking_number,
    o.booking_id, o.price_cents, o.price_lines, o.staff_notes, o.reference_photo_path, o.reference_photo_type,
    o.language, o.created_at, o.status_changed_at
  from cake_orders o join products p on p.id = o.product_id left join bookings b on b.id = o.booking_id`;

const sorts: Record<CakeListQuery['sort'], string> = { neededOn: 'needed_on', created: 'created_at', number: 'number', name: 'name', price: 'price_cents' };

export async function listCakeOrders(sql: Sql, query: CakeListQuery): Promise<CakeOrderPage> {
  const search = query.q ? likePattern(query.q) : null;
  const filters = () => sql`
    ${search ? sql`and (o.number ilike ${search} or o.name ilike ${search} or o.email ilike ${search} or o.booking_number ilike ${search})` : sql``}
    ${query.from ? sql`and o.needed_on::date >= ${query.from}::date` : sql``}
    ${query.to ? sql`and o.needed_on::date <= ${query.to}::date` : sql``}`;
  const rows = await sql<(CakeRow & { total: number })[]>`
    select *, count(*) over ()::int as total from (${selectCake(sql)}) o
    where true ${filters()} ${query.status ? sql`and o.status = ${query.status}` : sql``}
    order by ${sql(sorts[query.sort])} ${sql.unsafe(query.dir)}, o.created_at
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const countRows = await sql<{ status: CakeStatus; n: number }[]>`
    select o.status, count(*)::int as n from (${selectCake(sql)}) o where true ${filters()} group by o.status`;
  const counts = Object.fromEntries(cakeStatuses.map((s) => [s, 0])) as Record<CakeStatus, number>;
  for (const c of countRows) counts[c.status] = c.n;
  return { ...pageOf(query, rows.map(toItem), rows[0]?.total ?? 0), counts };
}

async function loadCake(sql: Sql, id: string): Promise<CakeRow> {
  const [row] = await sql<CakeRow[]>`select * from (${selectCake(sql)}) o where o.id = ${id}`;
  if (!row) throw new AppError('not_found', 'No such cake order.');
  return row;
}

export async function getCakeOrder(sql: Sql, id: string): Promise<CakeOrderItem> {
  return toItem(await loadCake(sql, id));
}

/**
 * Moves an order along the pipeline and/or saves the staff notes. Crew bake and deliver;
 * cancelling an order (money back to the customer) takes a manager.
 */
export async function updateCakeOrder(sql: Database, id: string, input: CakeUpdateInput, role: StaffRole, audit: Audit, now: Date): Promise<CakeOrderItem> {
  if (input.status === 'cancelled' && !hasRole(role, 'manager')) {
    throw new AppError('forbidden', 'Only a manager or the owner can cancel a cake order.');
  }
  const moves = (before: { status: string }) => input.status !== undefined && input.status !== before.status;
  const { notice: emailId } = await auditedChange(sql, audit, {
    lock: async (tx) => {
      await tx`select id from cake_orders where id = ${id} for update`;
      return loadCake(tx, id);
    },
    check: (before) => {
      if (moves(before) && !canMoveCake(before.status, input.status!)) {
        throw new AppError('conflict', `A ${before.status} cake order cannot become ${input.status}.`);
      }
    },
    change: async (tx, before) => {
      const moving = moves(before);
      const status = input.status ?? before.status;
      const staffNotes = input.staffNotes ?? before.staff_notes;
      await tx`
        update cake_orders set status = ${status}, staff_notes = ${staffNotes}, updated_at = ${now},
          status_changed_at = ${moving ? now : before.status_changed_at}
        where id = ${id}`;
      // Only a real move to ready or delivered tells the customer (the schema refuses the flag otherwise).
      const notice =
        moving && input.notifyCustomer && isNotifiableCakeStatus(status)
          ? await queueEmail(
              tx,
              'cake-status',
              cakeStatusEmail(
                {
                  number: before.number,
                  name: before.name,
                  email: before.email,
                  product: (before.language === 'es' && before.product_name_es) || before.product_name,
                  neededOn: before.needed_on,
                  fulfilment: before.fulfilment as 'pickup' | 'delivery',
                  bookingNumber: before.booking_number,
                  language: before.language,
                },
                status,
                await getSettings(tx),
              ),
              now,
            )
          : null;
      return { status, staffNotes, notice };
    },
    audit: ({ status, staffNotes, notice }, before) => ({
      action: moves(before) ? 'cake_order.status' : 'cake_order.notes',
      entity: 'cake_order',
      entityId: id,
      before: { status: before.status, staffNotes: before.staff_notes },
      after: { status, staffNotes, ...(notice ? { emailId: notice } : {}) },
    }),
  });
  // After commit: a mail failure leaves the notice queued for the scheduled retry.
  if (emailId) await sendQueuedMail(sql, now, { only: [emailId] });
  return getCakeOrder(sql, id);
}

/** The customer's reference photo from file storage, for staff only. */
export async function cakePhoto(sql: Sql, id: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const row = await loadCake(sql, id);
  if (!row.reference_photo_path) throw new AppError('not_found', 'This order has no reference photo.');
  const stored = await fileStorage().get(row.reference_photo_path);
  if (!stored) throw new AppError('not_found', 'The reference photo is missing from storage.');
  return { bytes: stored.bytes, contentType: row.reference_photo_type ?? stored.contentType };
}
