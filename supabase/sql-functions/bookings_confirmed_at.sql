-- bookings_confirmed_at as it is now, from supabase/migrations/20261206124000_booking_confirmed_at.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- When a booking was first confirmed (the date of its QuickBooks invoice when deposits are not held):
-- set whichever path confirms it, kept by a path that knows its own clock, and never cleared nor moved.
create function bookings_confirmed_at() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' then
    new.confirmed_at := coalesce(old.confirmed_at, new.confirmed_at);
  end if;
  if new.confirmed_at is null and new.status in ('confirmed', 'out_for_delivery', 'delivered', 'completed') then
    new.confirmed_at := case when tg_op = 'INSERT' then coalesce(new.created_at, now()) else now() end;
  end if;
  return new;
end
$$;
