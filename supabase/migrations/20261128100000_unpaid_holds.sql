-- Unpaid bookings end by themselves (issue #22). A website booking that is neither paid nor
-- confirmed by staff keeps its units until `hold_expires_at`: a Stripe hold for the owner's
-- `hold_minutes` from the moment it was placed (a new payment page no longer pushes it further), a
-- "pay later" booking (deposit_due) for `unpaid_hold_hours`. Then it is released like an abandoned
-- hold always was: status 'expired', units given back. Staff keep a booking by confirming it or with
-- "Keep booking", which clears the deadline. Bookings placed before this migration have no deadline:
-- they were taken on the old terms, and staff already see them under "Deposits due".
-- The owner's caps on open unpaid website bookings per e-mail, phone and client address are checked
-- when a booking commits (check_open_unpaid_caps below).

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

-- The deadlines every booking and the scheduled run look for.
create index bookings_unpaid_deadline_idx on bookings (hold_expires_at) where status in ('hold', 'deposit_due');
-- The phone cap compares digits: this replaces the index on the phone as typed, which nothing reads.
drop index if exists bookings_open_contact_phone_idx;
create index bookings_open_contact_phone_key_idx on bookings (phone_key(contact_phone)) where status in ('hold', 'deposit_due');

-- Unpaid bookings whose deadline has passed become 'expired' and give their units back, in one
-- statement; `skip locked`, so bookings never queue behind each other here. Answers what the
-- customer's e-mail about it needs (the caller stores that e-mail in the same transaction):
-- [{id, number, was: 'hold' | 'deposit_due', deadline, email, eventStart, eventEnd, placedAt,
--   items: [{name, quantity}]}].
create function release_unpaid_bookings(p_now timestamptz) returns json
language sql
set search_path = public, pg_temp
as $$
  with due as (
    select id, status, hold_expires_at from bookings
    where status in ('hold', 'deposit_due') and hold_expires_at <= p_now
    order by id for update skip locked
  ), ended as (
    update bookings b set status = 'expired', hold_expires_at = null, updated_at = p_now
    from due where b.id = due.id
    returning b.id, b.number, due.status as was, due.hold_expires_at as deadline, b.contact_email,
      b.event_start, b.event_end, b.created_at
  ), released as (
    update unit_allocations a set released_at = p_now
    from ended where a.booking_id = ended.id and a.released_at is null
    returning a.id
  )
  select coalesce(json_agg(json_build_object(
    'id', e.id, 'number', e.number, 'was', e.was, 'deadline', e.deadline, 'email', e.contact_email,
    'eventStart', e.event_start, 'eventEnd', e.event_end, 'placedAt', e.created_at,
    'items', (select coalesce(json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) order by i.product_name), '[]')
              from booking_items i where i.booking_id = e.id)
  ) order by e.number), '[]')
  from ended e
$$;

-- As before, for any caller that only wants the ids; now also pay-later bookings past their deadline.
create or replace function expire_holds(p_now timestamptz) returns setof uuid
language sql
set search_path = public, pg_temp
as $$
  select (n->>'id')::uuid from json_array_elements(release_unpaid_bookings(p_now)) n
$$;

-- As in 20261127090000_booking_round_trips.sql, with the bookings it released beside the snapshot
-- ('released', see release_unpaid_bookings), so the booking stores their e-mails with its own.
create or replace function cart_snapshot(p jsonb) returns json
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  released json := '[]';
begin
  if p->>'releaseHoldsAt' is not null then
    released := release_unpaid_bookings((p->>'releaseHoldsAt')::timestamptz);
  end if;
  return json_build_object(
    'snapshot', availability_snapshot(array(select jsonb_array_elements_text(p->'slugs')), false,
      (p->>'allocationsFrom')::timestamptz, (p->>'allocationsTo')::timestamptz,
      (p->>'blackoutsFrom')::date, (p->>'blackoutsTo')::date),
    'area', (select row_to_json(a) from (
      select a.id, a.city, a.state, a.delivery_fee_cents, a.tax_rate_bps, a.minimum_order_cents
      from service_area_zips z join service_areas a on a.id = z.service_area_id
      where z.zip = p->>'zip' and a.active) a),
    'coupon', (select row_to_json(c) from (
      select id, code, kind, percent_off, amount_off_cents, starts_on::text as starts_on, ends_on::text as ends_on,
        usage_limit, times_used, minimum_order_cents, active
      from coupons where code = p->>'coupon') c),
    'released', released
  );
end
$$;

-- The owner's caps on open unpaid website bookings (status hold or deposit_due, source web) per
-- contact e-mail (any case), phone (digits) and client address, counted when the booking commits:
-- a deferred constraint trigger, so the booking keeps its two round trips and the count sees every
-- booking committed before it. Each contact is a transaction advisory lock, taken here and held
-- until the commit is done, so of two bookings with one e-mail the second counts the first; they
-- wait for each other only for the length of a commit, never for a whole booking. The locks are
-- taken in one order (e-mail, phone, address, each kind its own namespace) at the very end of a
-- transaction, so no two bookings wait for each other in a circle. Raises BKL01 (e-mail), BKL02
-- (phone) or BKL03 (client address); src/lib/booking/place-booking.server.ts turns them into the
-- customer's answer. Staff, quote and phone bookings are never counted or capped.
create function check_open_unpaid_caps() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
declare
  -- Namespaces of the locks (two-key form; take_cart's "being taken" locks use 1970170228).
  email_lock constant int := 1970170229;
  phone_lock constant int := 1970170230;
  client_lock constant int := 1970170231;
  caps business_settings;
  booking bookings;
  open_count int;
begin
  select * into booking from bookings where id = new.id;
  if booking.id is null or booking.source <> 'web' or booking.status not in ('hold', 'deposit_due') then
    return null;
  end if;
  select * into caps from business_settings where id;

  perform pg_advisory_xact_lock(email_lock, hashtext(lower(booking.contact_email)));
  select count(*) into open_count from bookings
  where lower(contact_email) = lower(booking.contact_email) and status in ('hold', 'deposit_due') and source = 'web';
  if open_count > caps.max_open_unpaid_per_email then
    raise exception using errcode = 'BKL01', message = 'Too many open unpaid bookings for this e-mail address.';
  end if;

  perform pg_advisory_xact_lock(phone_lock, hashtext(phone_key(booking.contact_phone)));
  select count(*) into open_count from bookings
  where phone_key(contact_phone) = phone_key(booking.contact_phone) and status in ('hold', 'deposit_due') and source = 'web';
  if open_count > caps.max_open_unpaid_per_phone then
    raise exception using errcode = 'BKL02', message = 'Too many open unpaid bookings for this phone number.';
  end if;

  if booking.client_address is not null then
    perform pg_advisory_xact_lock(client_lock, hashtext(booking.client_address));
    select count(*) into open_count from bookings
    where client_address = booking.client_address and status in ('hold', 'deposit_due') and source = 'web';
    if open_count > caps.max_open_unpaid_per_client then
      raise exception using errcode = 'BKL03', message = 'Too many open unpaid bookings from this client address.';
    end if;
  end if;
  return null;
end
$$;

create constraint trigger bookings_open_unpaid_caps
after insert on bookings
deferrable initially deferred
for each row
when (new.source = 'web' and new.status in ('hold', 'deposit_due'))
execute function check_open_unpaid_caps();

-- Many customers can share one internet address (a mobile carrier's NAT, a school, an office): the
-- owner may allow more than 100 open unpaid bookings per address (a load test raises it too).
alter table business_settings drop constraint if exists business_settings_max_open_unpaid_per_client_check;
alter table business_settings add constraint business_settings_max_open_unpaid_per_client_check
  check (max_open_unpaid_per_client between 1 and 10000);

-- Not RPC endpoints (see 20261127090000_booking_round_trips.sql).
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function phone_key(text), release_unpaid_bookings(timestamptz), check_open_unpaid_caps() from %I', api_role);
  end loop;
  if found then
    revoke execute on function phone_key(text), release_unpaid_bookings(timestamptz), check_open_unpaid_caps() from public;
  end if;
end
$$;
