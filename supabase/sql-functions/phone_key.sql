-- phone_key as it is now, from supabase/migrations/20261128100000_unpaid_holds.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- A phone number as the caps compare it: its digits, without a leading US country code (as the
-- tracking page matches phones, src/lib/booking/track-order.ts digitsOnly).
create function phone_key(p_phone text) returns text
language sql
immutable
parallel safe
set search_path = public, pg_temp
as $$
  select regexp_replace(regexp_replace(coalesce(p_phone, ''), '\D', '', 'g'), '^1(\d{10})$', '\1')
$$;
