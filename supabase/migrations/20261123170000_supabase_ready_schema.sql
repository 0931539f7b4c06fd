-- Supabase serves the `public` schema through its Data API (PostgREST and pg_graphql) to anyone
-- holding the project's anon key. This site never uses that API: its functions connect as the role
-- that owns every table. So nothing in `public` is for the API roles, and Supabase's database linter
-- (splinter) has nothing to flag. tests/integration/supabase-lints.test.ts asks its questions.

-- Extensions live outside `public` (lint 0014). The exclusion constraint on unit_allocations and
-- its index keep working: they refer to btree_gist's operator classes by identity, not by name, and
-- PostgreSQL finds a type's default operator class in any schema when an index is created later.
-- A database whose btree_gist is already elsewhere (enabled from the Supabase dashboard) is left so.
-- Moving needs ownership of the extension's types and functions: Supabase grants it (supautils 2.5+),
-- a superuser has it, but where a plain role created the trusted extension they belong to the bootstrap
-- superuser. There the extension is re-created in its new schema and the constraint rebuilt, in this
-- same transaction, so no moment exists without the no-double-booking guarantee.
create schema if not exists extensions;
do $$
begin
  if exists (select 1 from pg_extension where extname = 'btree_gist' and extnamespace = 'public'::regnamespace) then
    begin
      alter extension btree_gist set schema extensions;
    exception when insufficient_privilege then
      alter table unit_allocations drop constraint unit_allocations_no_overlap;
      drop extension btree_gist;
      create extension btree_gist schema extensions;
      alter table unit_allocations add constraint unit_allocations_no_overlap
        exclude using gist (unit_id with =, during with &&) where (released_at is null);
    end;
  end if;
end
$$;

-- Row Level Security on every table in `public` (lint 0013), with no policies: the API roles see no
-- row and can change none, while the tables' owner, the role the site connects as (Supabase's
-- `postgres`, or the embedded server's user), is not subject to RLS. Every table, the better-auth
-- `staff_*` ones included, whatever migration created it.
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  loop
    execute format('alter table %s enable row level security', t);
  end loop;
end
$$;

-- The API roles exist only on Supabase. Without privileges on `public`, its tables do not even show
-- in the GraphQL schema anon may read (lints 0026, 0027), and no function here is an RPC endpoint:
-- EXECUTE is also taken from PUBLIC, which every role (anon too) is a member of; the owner keeps it.
-- Default privileges: what later migrations create is not granted to the API roles either.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on all tables in schema public from %I', api_role);
    execute format('revoke all on all sequences in schema public from %I', api_role);
    execute format('revoke all on all functions in schema public from %I', api_role);
    execute format('alter default privileges in schema public revoke all on tables from %I', api_role);
    execute format('alter default privileges in schema public revoke all on sequences from %I', api_role);
    execute format('alter default privileges in schema public revoke all on functions from %I', api_role);
  end loop;
  if found then
    revoke execute on all functions in schema public from public;
    alter default privileges in schema public revoke execute on functions from public;
  end if;
end
$$;

-- An index on every foreign key's own columns (lint 0001): deleting or re-keying the referenced row
-- looks the referencing rows up by them instead of scanning the table. The linter wants an index on
-- exactly those columns, so even keys that lead a wider index (package_items' primary key, the
-- exclusion constraint's unit_id, unique (booking_id, product_id)) get their own; all but
-- unit_allocations are small tables. Keys that are mostly null are indexed where they are set.
create index if not exists analytics_events_product_idx on analytics_events (product_id) where product_id is not null;
create index if not exists audit_log_actor_idx on audit_log (actor_id) where actor_id is not null;
create index if not exists blackouts_category_idx on blackouts (category_id) where category_id is not null;
create index if not exists blackouts_product_idx on blackouts (product_id) where product_id is not null;
create index if not exists booking_items_booking_idx on booking_items (booking_id);
create index if not exists booking_items_product_idx on booking_items (product_id);
create index if not exists bookings_coupon_idx on bookings (coupon_id) where coupon_id is not null;
create index if not exists bookings_service_area_idx on bookings (service_area_id) where service_area_id is not null;
create index if not exists cake_orders_booking_idx on cake_orders (booking_id) where booking_id is not null;
create index if not exists cake_orders_customer_idx on cake_orders (customer_id) where customer_id is not null;
create index if not exists cake_orders_product_idx on cake_orders (product_id);
create index if not exists inventory_units_product_idx on inventory_units (product_id);
create index if not exists package_items_item_idx on package_items (item_id);
create index if not exists package_items_package_idx on package_items (package_id);
create index if not exists product_photos_product_idx on product_photos (product_id);
create index if not exists quote_items_product_idx on quote_items (product_id) where product_id is not null;
create index if not exists quote_items_quote_idx on quote_items (quote_id);
create index if not exists quotes_booking_idx on quotes (booking_id) where booking_id is not null;
create index if not exists quotes_customer_idx on quotes (customer_id) where customer_id is not null;
create index if not exists unit_allocations_booking_item_idx on unit_allocations (booking_item_id);
create index if not exists unit_allocations_unit_idx on unit_allocations (unit_id);

-- A function with a pinned search_path (lint 0011) cannot be pointed at another schema's table of
-- the same name by whoever calls it. Pinned to `public` (where every function here expects its
-- tables) and then pg_temp, so not even a caller's temporary table comes first. Altered, not
-- re-created: whichever migration last defined a function's body, that body stays. A function
-- created by a later migration pins its own (tests/integration/supabase-lints.test.ts checks).
do $$
declare
  routine regprocedure;
begin
  for routine in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')
  loop
    execute format('alter routine %s set search_path = public, pg_temp', routine);
  end loop;
end
$$;
