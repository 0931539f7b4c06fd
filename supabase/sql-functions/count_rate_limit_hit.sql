-- count_rate_limit_hit as it is now, from supabase/migrations/20261127090000_booking_round_trips.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- A hit on a fixed-window rate limit (src/lib/http/rate-limit.server.ts): p {key, windowStart}; the
-- window's hits so far, this one included.
create function count_rate_limit_hit(p jsonb) returns integer
language plpgsql
set search_path = public, pg_temp
as $$
declare
  hits integer;
begin
  insert into rate_limits (key, window_start) values (p->>'key', (p->>'windowStart')::timestamptz)
  on conflict (key, window_start) do update set hits = rate_limits.hits + 1
  returning rate_limits.hits into hits;
  return hits;
end
$$;
