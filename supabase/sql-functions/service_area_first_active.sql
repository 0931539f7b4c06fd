-- service_area_first_active as it is now, from supabase/migrations/20261206082500_switched_off_towns.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- When an area was first switched on (its pages published): set on the first save that makes it
-- active, whichever path writes it, and never cleared (src/lib/locations/town-redirects.ts).
create function service_area_first_active() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' then
    new.first_active_at := coalesce(old.first_active_at, new.first_active_at);
  end if;
  if new.active and new.first_active_at is null then
    new.first_active_at := now();
  end if;
  return new;
end
$$;
