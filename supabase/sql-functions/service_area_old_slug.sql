-- service_area_old_slug as it is now, from supabase/migrations/20261206124200_renamed_towns.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- Keeps the address (slug and state) a published area had before staff changed it, whichever path
-- renames it, so the build redirects the old addresses to the new ones (src/lib/locations/town-redirects.ts).
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
