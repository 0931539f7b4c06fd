import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/database-before';

/**
 * `service_area_old_slugs` keeps the addresses published towns had before staff renamed them (their old
 * addresses redirect to the new ones). A database from before it learns the renames already made from
 * the audit log of staff's changes: only those of a town published by then.
 */
const RENAMED_TOWNS = '20261206124200';

describe('the renamed towns migration', () => {
  const before = useDatabaseBefore(RENAMED_TOWNS);

  it('keeps the old slugs the audit log saw a published town leave, and none of a town never published', async () => {
    await before.migrateToBefore();
    const add = async (slug: string, active: boolean) =>
      (
        await before.db.sql<{ id: string }[]>`
        insert into service_areas (slug, city, state, delivery_fee_cents, tax_rate_bps, active, created_at)
        values (${slug}, ${slug}, 'TX', 0, 825, ${active}, '2026-11-01T12:00:00Z') returning id`
      )[0]!.id;
    const renamed = await add('belton-tx', true);
    const draft = await add('salado-tx', false);
    type Entry = { slug: string; state: string; active: boolean };
    const audit = (id: string, at: string, b: Entry, a: Entry) =>
      before.db.sql`insert into audit_log (action, entity, entity_id, before, after, created_at)
        values ('service_area.update', 'service_area', ${id}, ${before.db.sql.json({ id, ...b })}, ${before.db.sql.json({ id, ...a })}, ${at})`;
    await audit(
      renamed,
      '2026-11-10T09:00:00Z',
      { slug: 'belton', state: 'TX', active: true },
      { slug: 'belton-city', state: 'TX', active: true },
    );
    await audit(
      renamed,
      '2026-11-12T09:00:00Z',
      { slug: 'belton-city', state: 'TX', active: true },
      { slug: 'belton', state: 'TX', active: true },
    );
    await audit(
      renamed,
      '2026-11-14T09:00:00Z',
      { slug: 'belton', state: 'TX', active: true },
      { slug: 'belton-tx', state: 'TX', active: true },
    );
    // A change of something else keeps no address.
    await audit(
      renamed,
      '2026-11-15T09:00:00Z',
      { slug: 'belton-tx', state: 'TX', active: true },
      { slug: 'belton-tx', state: 'TX', active: false },
    );
    await audit(
      draft,
      '2026-11-05T09:00:00Z',
      { slug: 'salado', state: 'TX', active: false },
      { slug: 'salado-tx', state: 'TX', active: false },
    );

    expect((await before.migrateTheRest()).applied).toContain(RENAMED_TOWNS);
    const rows = await before.db.sql<
      { slug: string; left_at: Date }[]
    >`select slug, left_at from service_area_old_slugs order by slug`;
    expect(rows.map((r) => [r.slug, r.left_at.toISOString()])).toEqual([
      ['belton', '2026-11-14T09:00:00.000Z'],
      ['belton-city', '2026-11-12T09:00:00.000Z'],
    ]);

    // From now on the database keeps them itself, whichever path renames the area.
    await before.db.sql`update service_areas set slug = 'belton' where id = ${renamed}`;
    expect(
      (
        await before.db.sql<{ slug: string }[]>`select slug from service_area_old_slugs order by left_at desc limit 1`
      )[0]!.slug,
    ).toBe('belton-tx');
    await before.db.sql`update service_areas set slug = 'salado' where id = ${draft}`;
    expect(await before.db.sql`select 1 from service_area_old_slugs where service_area_id = ${draft}`).toHaveLength(0);
  });
});
