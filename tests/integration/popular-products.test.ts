import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listServiceAreas, popularProductsByArea } from '../../src/lib/locations/service-areas.server';
import { createSeededDatabase, type TestDatabase } from '../support/database';

/** "Popular in {town}" on the city pages: one build-time query for every area. */
let db: TestDatabase;

beforeAll(async () => {
  db = await createSeededDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('products most booked per service area', () => {
  it('ranks each area’s products by the bookings for addresses there, leaving out cancelled, expired and held ones', async () => {
    const popular = await popularProductsByArea(db.sql);
    const areas = await listServiceAreas(db.sql);
    // Count it again the plain way for every area, to compare.
    const counted = await db.sql<{ service_area_id: string; product_id: string; n: number }[]>`
      select b.service_area_id, i.product_id, count(*)::int as n from bookings b join booking_items i on i.booking_id = b.id
      where b.service_area_id is not null and b.status not in ('hold', 'cancelled', 'expired')
      group by 1, 2`;
    expect(counted.length).toBeGreaterThan(0);
    for (const area of areas) {
      const mine = counted.filter((c) => c.service_area_id === area.id);
      const ids = popular.get(area.id) ?? [];
      expect(ids.length).toBe(Math.min(6, mine.length));
      const countOf = (id: string) => mine.find((m) => m.product_id === id)!.n;
      for (let i = 1; i < ids.length; i++) expect(countOf(ids[i - 1]!)).toBeGreaterThanOrEqual(countOf(ids[i]!));
      if (ids.length > 0) expect(countOf(ids[0]!)).toBe(Math.max(...mine.map((m) => m.n)));
    }
  });

  it('counts no cancelled booking', async () => {
    const [areaId] = [...(await popularProductsByArea(db.sql)).keys()];
    expect(areaId).toBeDefined();
    await db.sql`update bookings set status = 'cancelled' where service_area_id = ${areaId!}`;
    expect((await popularProductsByArea(db.sql)).has(areaId!)).toBe(false);
  });
});
