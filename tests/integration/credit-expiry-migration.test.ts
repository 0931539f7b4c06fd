import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/database-before';

/**
 * No credit may run more than 5 years (and a day) from the UTC day it was given. A database from
 * before may hold one staff typed before the app checked it (9999-12-31 for "never"): the migration
 * brings it to the last day allowed, so it applies, and the credit can still be spent.
 */
const LIMIT = '20261206152000';

describe('the credit expiry limit migration', () => {
  const before = useDatabaseBefore(LIMIT);

  it('applies to a database holding a credit beyond it, moving only that one to the last day allowed', async () => {
    await before.migrateToBefore();
    const [customer] = await before.db.sql<
      { id: string }[]
    >`insert into customers (name, email, phone) values ('Ann Old', 'ann-old@example.com', '(512) 555-0100') returning id`;
    const credit = async (expiresOn: string | null, createdAt: string) =>
      (
        await before.db.sql<{ id: string }[]>`
        insert into customer_credits (customer_id, reason, amount_cents, remaining_cents, expires_on, note, created_at)
        values (${customer!.id}, 'goodwill', 1000, 1000, ${expiresOn}, 'Before the limit', ${createdAt}) returning id`
      )[0]!.id;
    const forever = await credit('9999-12-31', '2026-12-01T23:30:00Z');
    const policy = await credit('2027-12-01', '2026-12-01T15:00:00Z');
    const lastDay = await credit('2031-12-02', '2026-12-01T23:30:00Z');
    const none = await credit(null, '2026-12-01T15:00:00Z');

    expect((await before.migrateTheRest()).applied).toContain(LIMIT);
    const expiry = async (id: string) =>
      (
        await before.db.sql<
          { on: string | null }[]
        >`select expires_on::text as on from customer_credits where id = ${id}`
      )[0]!.on;
    expect(await expiry(forever)).toBe('2031-12-02');
    expect(await expiry(policy)).toBe('2027-12-01');
    expect(await expiry(lastDay)).toBe('2031-12-02');
    expect(await expiry(none)).toBeNull();
    // The moved credit is spent like any other (an update of its row passes the check).
    await before.db.sql`update customer_credits set remaining_cents = 400 where id = ${forever}`;
    await expect(
      before.db.sql`update customer_credits set expires_on = '9999-12-31' where id = ${policy}`,
    ).rejects.toMatchObject({
      constraint_name: 'customer_credits_expiry_within_5_years',
    });
  });
});
