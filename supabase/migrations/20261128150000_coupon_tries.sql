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

-- p {key, code, windowStart}: records the code and answers how many different codes the key has
-- tried in the window, in one round trip.
create function count_coupon_try(p jsonb) returns integer
language plpgsql
set search_path = public, pg_temp
as $$
declare
  tried integer;
begin
  insert into coupon_tries (key, window_start, code) values (p->>'key', (p->>'windowStart')::timestamptz, p->>'code')
  on conflict do nothing;
  select count(*) into tried from coupon_tries where key = p->>'key' and window_start = (p->>'windowStart')::timestamptz;
  return tried;
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
