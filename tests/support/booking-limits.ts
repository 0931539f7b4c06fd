import type { Sql } from '../../src/lib/db/client.server';

/**
 * The owner's limits on website bookings (issue #22) set as high as the Limits screen allows. A test
 * database keeps the shipped defaults (two open unpaid bookings per e-mail or phone, three per client
 * address, four units of a product, ten products); a test file that books many times as one customer
 * from one address to test something else raises them here, as an owner could, and says so. The
 * limits themselves are tested in tests/integration/unpaid-holds.test.ts.
 */
export async function raiseBookingLimits(sql: Sql): Promise<void> {
  await sql`
    update business_settings set max_open_unpaid_per_email = 50, max_open_unpaid_per_phone = 50,
      max_open_unpaid_per_client = 10000, max_units_per_product = 100, max_items_per_booking = 100`;
}
