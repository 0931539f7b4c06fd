import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/database-before';

/**
 * The cake sizes moved from code (keyed by the demo's slugs) to product columns. A database that
 * already held the demo's cakes must keep their sizes once migrated; any other cake starts empty
 * (the default size).
 */
const CAKE_SIZES = '20261129150000';

describe('the cake sizes migration', () => {
  const before = useDatabaseBefore(CAKE_SIZES);

  it('gives an existing demo deploy its four cakes’ sizes and leaves other products empty', async () => {
    await before.migrateToBefore();
    const [category] = await before.db.sql<
      { id: string }[]
    >`insert into categories (slug, name, kind) values ('cakes', 'Cakes', 'cake') returning id`;
    for (const slug of [
      'classic-round-birthday-cake',
      'party-sheet-cake',
      'pink-flamingo-two-tier-cake',
      'three-tier-celebration-cake',
      'unicorn-cake',
    ]) {
      await before.db
        .sql`insert into products (category_id, slug, name, short_description, description, base_price_cents)
        values (${category!.id}, ${slug}, ${slug}, 'A cake.', 'A cake.', 5000)`;
    }

    expect((await before.migrateTheRest()).applied).toContain(CAKE_SIZES);
    const rows = await before.db.sql<
      {
        slug: string;
        cake_base_servings: number | null;
        cake_base_tiers: number | null;
        cake_max_tiers: number | null;
      }[]
    >`
      select slug, cake_base_servings, cake_base_tiers, cake_max_tiers from products order by slug`;
    expect(rows.map((r) => [r.slug, r.cake_base_servings, r.cake_base_tiers, r.cake_max_tiers])).toEqual([
      ['classic-round-birthday-cake', 16, 1, 3],
      ['party-sheet-cake', 24, 1, 1],
      ['pink-flamingo-two-tier-cake', 30, 2, 3],
      ['three-tier-celebration-cake', 60, 3, 5],
      ['unicorn-cake', null, null, null],
    ]);
  });

  it('refuses sizes outside the limits and a base with more tiers than the cake is made in', async () => {
    const sizes = (servings: number | null, tiers: number | null, maxTiers: number | null) =>
      before.db
        .sql`update products set cake_base_servings = ${servings}, cake_base_tiers = ${tiers}, cake_max_tiers = ${maxTiers} where slug = 'unicorn-cake'`;
    await expect(sizes(0, null, null)).rejects.toThrow(/check constraint/);
    await expect(sizes(null, 6, null)).rejects.toThrow(/check constraint/);
    await expect(sizes(null, 3, 2)).rejects.toThrow(/products_cake_tiers_within_max/);
    await expect(sizes(40, 2, 3)).resolves.toBeDefined();
  });
});
