-- A town whose address name (slug) staff change keeps its old addresses working: search results and
-- printed flyers still send visitors to /locations/{old slug} and /{service}-{old slug}-{state}, and the
-- build answers each with a permanent redirect to the same page at the town's address now
-- (src/lib/locations/town-redirects.ts). The database keeps every slug (with its state: the landing
-- pages' addresses name both) a published town had before a change, so the build can write them.
create table service_area_old_slugs (
  service_area_id uuid not null references service_areas(id) on delete cascade,
  slug text not null,
  state text not null,
  -- When the town last left this address: the latest town to leave an address gets its redirects.
  left_at timestamptz not null,
  primary key (slug, state, service_area_id)
);
-- The area's own addresses (the trigger's upsert, the delete that cascades from its area).
create index service_area_old_slugs_area_idx on service_area_old_slugs (service_area_id);
alter table service_area_old_slugs enable row level security;

-- Renames already made, as the audit log of staff's changes saw them (an update whose slug or state
-- changed, of an area published by then: active before the change, or first on before it).
insert into service_area_old_slugs (service_area_id, slug, state, left_at)
select a.id, l.before ->> 'slug', l.before ->> 'state', max(l.created_at)
from audit_log l join service_areas a on a.id::text = l.entity_id
where l.entity = 'service_area'
  and l.before ->> 'slug' is not null and l.before ->> 'state' is not null
  and (l.before ->> 'slug', l.before ->> 'state') is distinct from (l.after ->> 'slug', l.after ->> 'state')
  and (l.before ->> 'active' = 'true' or a.first_active_at <= l.created_at)
group by a.id, l.before ->> 'slug', l.before ->> 'state';

-- Kept by the database, whichever path renames the area (the settings, the area builder, an import):
-- the old address, when the area had been published (first_active_at) before this save. An address
-- never published had no pages, and gets no redirect.
create function service_area_old_slug() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if old.first_active_at is not null and (new.slug, new.state) is distinct from (old.slug, old.state) then
    -- clock_timestamp, not now(): two renames in one transaction keep their order.
    insert into service_area_old_slugs (service_area_id, slug, state, left_at)
    values (old.id, old.slug, old.state, clock_timestamp())
    on conflict (slug, state, service_area_id) do update set left_at = excluded.left_at;
  end if;
  return new;
end
$$;

create trigger service_areas_old_slug after update of slug, state on service_areas
  for each row execute function service_area_old_slug();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function service_area_old_slug() from %I', api_role);
  end loop;
  if found then
    revoke execute on function service_area_old_slug() from public;
  end if;
end
$$;
