import type { Sql } from '../db/index.server';

/** Whether the booking was rained out and its customer has not answered the offer yet (staff may then only end it: staff-bookings' statusesWhileRainedOut). */
export async function rainOutWaiting(sql: Sql, bookingId: string): Promise<boolean> {
  const [row] = await sql<{ waiting: boolean }[]>`
    select exists (select 1 from rain_out_offers where booking_id = ${bookingId} and answer is null) as waiting`;
  return row!.waiting;
}
