import type { Sql } from '../db/index.server';
import type { TruckBody } from './trucks';

export interface TruckDto extends TruckBody {
  id: string;
  /** Bookings this truck runs, any date: a truck with bookings is deactivated rather than deleted. */
  bookings: number;
}

/** Every truck, active first, in the order staff set. */
export async function listTrucks(sql: Sql, id?: string): Promise<TruckDto[]> {
  const rows = await sql<{ id: string; name: string; active: boolean; sort_order: number; bookings: number }[]>`
    select t.id, t.name, t.active, t.sort_order, (select count(*)::int from bookings b where b.truck_id = t.id) as bookings
    from trucks t where ${id ?? null}::uuid is null or t.id = ${id ?? null}::uuid
    order by t.active desc, t.sort_order, lower(t.name)`;
  return rows.map((r) => ({ id: r.id, name: r.name, active: r.active, sortOrder: r.sort_order, bookings: r.bookings }));
}
