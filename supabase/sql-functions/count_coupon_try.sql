-- count_coupon_try as it is now, from supabase/migrations/20261128150000_coupon_tries.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- p {key, code, windowStart, limit}: whether this code may be looked at. A code the key already
-- tried in the window may; a new one only while fewer than `limit` different codes were tried, and
-- it is then recorded. One round trip; the lock makes concurrent tries from one key count exactly.
create function count_coupon_try(p jsonb) returns boolean
language plpgsql
set search_path = public, pg_temp
as $$
declare
  k text := p->>'key';
  w timestamptz := (p->>'windowStart')::timestamptz;
  tried integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('coupon_tries:' || k, 0));
  if exists (select 1 from coupon_tries where key = k and window_start = w and code = p->>'code') then
    return true;
  end if;
  select count(*) into tried from coupon_tries where key = k and window_start = w;
  if tried >= (p->>'limit')::integer then
    return false;
  end if;
  insert into coupon_tries (key, window_start, code) values (k, w, p->>'code');
  return true;
end
$$;
