import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/database-before';

/**
 * `service_areas.first_active_at` says which towns were published once (their old addresses redirect
 * once they are off). A database from before it knows it for the areas on now, and for those off now
 * from the audit log of staff's changes; an area off with no sign of having been on stays unknown.
 */
const SWITCHED_OFF_TOWNS = '20261206082500';

describe('the switched-off towns migration', () => {
  const before = useDatabaseBefore(SWITCHED_OFF_TOWNS);

  it('marks the areas on now, and those off now that the audit log saw on, as published once', async () => {
    await before.migrateToBefore();
    const add = async (slug: string, active: boolean) =>
      (
        await before.db.sql<{ id: string }[]>`
        insert into service_areas (slug, city, state, delivery_fee_cents, tax_rate_bps, active, created_at)
        values (${slug}, ${slug}, 'TX', 0, 825, ${active}, '2026-11-01T12:00:00Z') returning id`
      )[0]!.id;
    await add('served', true);
    const switchedOff = await add('switched-off', false);
    const neverOn = await add('never-on', false);
    const audit = (
      id: string,
      at: string,
      was: { id: string; active: boolean } | null,
      now: { id: string; active: boolean },
    ) =>
      before.db.sql`insert into audit_log (action, entity, entity_id, before, after, created_at)
        values ('service_area.update', 'service_area', ${id}, ${was ? before.db.sql.json(was) : null}, ${before.db.sql.json(now)}, ${at})`;
    await audit(switchedOff, '2026-11-03T09:00:00Z', null, { id: switchedOff, active: true });
    await audit(
      switchedOff,
      '2026-11-20T09:00:00Z',
      { id: switchedOff, active: true },
      { id: switchedOff, active: false },
    );
    await audit(neverOn, '2026-11-05T09:00:00Z', null, { id: neverOn, active: false });

    expect((await before.migrateTheRest()).applied).toContain(SWITCHED_OFF_TOWNS);
    const rows = await before.db.sql<
      { slug: string; first_active_at: Date | null }[]
    >`select slug, first_active_at from service_areas order by slug`;
    expect(rows.map((r) => [r.slug, r.first_active_at?.toISOString() ?? null])).toEqual([
      ['never-on', null],
      ['served', '2026-11-01T12:00:00.000Z'],
      ['switched-off', '2026-11-03T09:00:00.000Z'],
    ]);
  });
});
