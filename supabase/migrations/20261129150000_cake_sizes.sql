-- What a cake's base price covers: its smallest size (servings and tiers) and the most tiers it is
-- made in. Product data, set in the product editor or the catalog CSV; null takes the default
-- (DEFAULT_CAKE_BASE in src/lib/cakes/cake-options.ts: 12 servings, 1 tier, up to 5 tiers). Only cake
-- products use them. The limits match the order form's (at most 500 servings, 5 tiers).
alter table products
  add column cake_base_servings integer check (cake_base_servings between 1 and 500),
  add column cake_base_tiers integer check (cake_base_tiers between 1 and 5),
  add column cake_max_tiers integer check (cake_max_tiers between 1 and 5),
  add constraint products_cake_tiers_within_max
    check (cake_base_tiers is null or cake_max_tiers is null or cake_base_tiers <= cake_max_tiers);

-- The demo's history, not a rule for every business: until this migration the demo's four cakes had
-- their sizes in code, keyed by their slugs. A database that holds them (a deploy of the demo) keeps
-- those sizes; any other database has none of these slugs and nothing changes.
update products p
set cake_base_servings = v.servings, cake_base_tiers = v.tiers, cake_max_tiers = v.max_tiers
from (values
  ('classic-round-birthday-cake', 16, 1, 3),
  ('party-sheet-cake', 24, 1, 1),
  ('pink-flamingo-two-tier-cake', 30, 2, 3),
  ('three-tier-celebration-cake', 60, 3, 5)
) as v (slug, servings, tiers, max_tiers)
where p.slug = v.slug;
