-- Coupon codes tried per client address (issue #22): POST /api/quote-price tells whether a code
-- applies, so each address may try only a few different codes an hour. Re-pricing a cart with a
-- code already tried costs nothing; the count is of different codes in the window.
create table coupon_tries (
  key text not null,
  window_start timestamptz not null,
  code text not null check (length(code) <= 64),
  primary key (key, window_start, code)
);
alter table coupon_tries enable row level security;

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

-- Not an RPC endpoint (see 20261127090000_booking_round_trips.sql).
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function count_coupon_try(jsonb) from %I', api_role);
  end loop;
  if found then
    revoke execute on function count_coupon_try(jsonb) from public;
  end if;
end
$$;
