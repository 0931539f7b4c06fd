-- expire_holds as it is now, from supabase/migrations/20261128100000_unpaid_holds.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- As before, for any caller that only wants the ids; now also pay-later bookings past their deadline.
create or replace function expire_holds(p_now timestamptz) returns setof uuid
language sql
set search_path = public, pg_temp
as $$
  select (n->>'id')::uuid from json_array_elements(release_unpaid_bookings(p_now)) n
$$;
