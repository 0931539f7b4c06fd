-- A booking in two calls instead of a dozen statements. Through Supabase's transaction pooler there
-- are no prepared statements, so every plain statement is parsed and planned again, and every round
-- trip costs a socket write and read on both sides: a booking spent more of the server's and the
-- database's CPU on that than on its work. A PL/pgSQL function keeps the plans of its statements for
-- the life of the database connection, pooler or not, and one call is one round trip. So a booking is:
--   cart_snapshot   releases expired holds, then reads what pricing and availability need;
--   place_booking   writes the customer, the booking, its items, adjustments, units, coupon use,
--                   and the mail and analytics rows that go with it.
-- The pricing and the choice of units stay in TypeScript (src/lib/booking/place-booking.server.ts);
-- these functions only store what it decided, and the exclusion constraint on unit_allocations is
-- still the last word on every unit. The hot path calls them with one JSON literal (callJson in
-- src/lib/db/json-call.server.ts): with parameters and no prepared statements, the driver would
-- spend a second round trip asking for their types. The rate limit every request counts and the
-- "sent" mark of a request's own mail are such calls too.

-- Holds whose payment window has passed become 'expired' and give their units back, in one statement.
-- `skip locked`: a hold another transaction is expiring right now is left to that one, so bookings
-- never queue behind each other here.
create function expire_holds(p_now timestamptz) returns setof uuid
language sql
set search_path = public, pg_temp
as $$
  with due as (
    select id from bookings where status = 'hold' and hold_expires_at <= p_now order by id for update skip locked
  ), ended as (
    update bookings b set status = 'expired', hold_expires_at = null, updated_at = p_now
    from due where b.id = due.id
    returning b.id
  ), released as (
    update unit_allocations a set released_at = p_now
    from ended where a.booking_id = ended.id and a.released_at is null
    returning a.id
  )
  select id from ended
$$;

-- What pricing a cart needs, in one call: availability_snapshot, the active service area that has
-- the ZIP and the coupon with the code (null when none). p: {slugs, allocationsFrom, allocationsTo,
-- blackoutsFrom, blackoutsTo, zip, coupon, releaseHoldsAt}. With releaseHoldsAt, expired holds are
-- released first (a booking does this; a price quote does not write), in an earlier statement of this
-- function, so the snapshot sees the units they gave back.
create function cart_snapshot(p jsonb) returns json
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
begin
  if p->>'releaseHoldsAt' is not null then
    perform expire_holds((p->>'releaseHoldsAt')::timestamptz);
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
      from coupons where code = p->>'coupon') c)
  );
end
$$;

-- Stores what a cart holds for a booking: its items and adjustments (rows with their ids, chosen by
-- the caller), its units, and its coupon use. p_cart:
--   items        booking_items rows (id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
--   adjustments  booking_adjustments rows (position, label, reason, direction, kind, value, cents)
--   claims       [{itemId, count, candidates: [unit id, ...] in the order to try, start, end}]
--   couponId     the coupon whose use to count, or null
-- Each claim takes `count` of its candidates. First the units no other booking is taking at this
-- moment (a transaction-level advisory lock marks "being taken", tried without waiting), so two
-- bookings of a product with units to spare get different units at once; then the ones another
-- booking is taking (most are being taken for other dates and are ours at once; one taken for an
-- overlapping time makes this booking wait for that one). A unit is taken by an insert that the
-- exclusion constraint decides (`on conflict do nothing`: a refusal is an answer, not an error).
-- `for share` keeps the unit's row as read until commit, so staff taking it out of service wait for
-- this booking, and a unit just taken out is not booked.
-- Raises BKU01 when a claim cannot be met (a unit was taken meanwhile) and BKC01 when the coupon has
-- reached its usage limit; the caller turns them into the customer's answer.
create function take_cart(p_booking uuid, p_cart jsonb) returns void
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  -- Namespace of the "being taken" advisory locks (two-key form, never the migrations' lock).
  being_taken constant int := 1970170228;
  claim jsonb;
  unit uuid;
  taken uuid[] := '{}';
  contended uuid[];
  missing int;
  during tstzrange;
  second_pass boolean;
begin
  insert into booking_items (id, booking_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
  select i.id, p_booking, i.product_id, i.product_name, i.quantity, i.unit_price_cents, i.line_total_cents
  from jsonb_populate_recordset(null::booking_items, p_cart->'items') i;

  insert into booking_adjustments (booking_id, position, label, reason, direction, kind, value, cents)
  select p_booking, a.position, a.label, a.reason, a.direction, a.kind, a.value, a.cents
  from jsonb_populate_recordset(null::booking_adjustments, p_cart->'adjustments') a;

  for claim in select c from jsonb_array_elements(p_cart->'claims') c loop
    missing := (claim->>'count')::int;
    during := tstzrange((claim->>'start')::timestamptz, (claim->>'end')::timestamptz, '[)');
    contended := '{}';
    foreach second_pass in array array[false, true] loop
      for unit in
        select u.id::uuid from jsonb_array_elements_text(claim->'candidates') with ordinality u(id, n)
        where not second_pass or u.id::uuid = any(contended)
        order by u.n
      loop
        exit when missing = 0;
        continue when unit = any(taken);
        if not pg_try_advisory_xact_lock(being_taken, hashtext(unit::text)) and not second_pass then
          contended := contended || unit;
          continue;
        end if;
        insert into unit_allocations (booking_id, booking_item_id, unit_id, during)
        select p_booking, (claim->>'itemId')::uuid, u.id, during
        from inventory_units u
        where u.id = unit and u.status = 'available'
        for share of u
        on conflict do nothing;
        if found then
          taken := taken || unit;
          missing := missing - 1;
        end if;
      end loop;
    end loop;
    if missing > 0 then
      raise exception using errcode = 'BKU01', message = 'A unit of this booking is no longer available.';
    end if;
  end loop;

  if p_cart->>'couponId' is not null then
    update coupons set times_used = times_used + 1
    where id = (p_cart->>'couponId')::uuid and (usage_limit is null or times_used < usage_limit);
    if not found then
      raise exception using errcode = 'BKC01', message = 'The coupon has reached its usage limit.';
    end if;
  end if;
end
$$;

-- A new booking in one call. p:
--   customer   {name, email, phone}: found by e-mail (case-insensitive) or added; the name and phone
--              given with the latest booking win, written last so the row is locked only until commit
--              (an existing customer is only read before, so their bookings for other dates do not
--              queue behind each other)
--   booking    the bookings row's columns (id and number chosen by the caller; customer_id is added)
--   cart       see take_cart
--   emails     outbound_emails rows to store with the booking (its confirmations), or none
--   analytics  true: count a 'booking_created' event (a website booking)
-- Returns {emails: [{id, payload, attempts}]}: the e-mails as stored.
create function place_booking(p jsonb) returns json
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  given jsonb := p->'customer';
  person customers;
  booking bookings;
  unknown text;
  stored json;
begin
  -- The columns below are the ones the caller may give; anything else is a mistake to hear about.
  select k into unknown from jsonb_object_keys(p->'booking') k
  where k <> all (array['id', 'number', 'status', 'source', 'event_start', 'event_end', 'address_line1', 'address_line2',
    'address_city', 'address_state', 'address_zip', 'service_area_id', 'surface', 'customer_notes', 'coupon_id',
    'damage_waiver_accepted', 'subtotal_cents', 'delivery_fee_cents', 'damage_waiver_cents', 'discount_cents',
    'adjustments_cents', 'tax_cents', 'total_cents', 'deposit_cents', 'balance_due_on', 'hold_expires_at',
    'terms_accepted_at', 'created_at', 'updated_at'])
  limit 1;
  if unknown is not null then
    raise exception 'place_booking: no column "%" is written', unknown;
  end if;

  insert into customers (name, email, phone) values (given->>'name', given->>'email', given->>'phone')
  on conflict (lower(email)) do nothing
  returning * into person;
  if person.id is null then
    select * into person from customers where lower(email) = lower(given->>'email');
  end if;

  booking := jsonb_populate_record(null::bookings, p->'booking');
  insert into bookings (id, number, customer_id, status, source, event_start, event_end, address_line1, address_line2,
    address_city, address_state, address_zip, service_area_id, surface, customer_notes, coupon_id,
    damage_waiver_accepted, subtotal_cents, delivery_fee_cents, damage_waiver_cents, discount_cents,
    adjustments_cents, tax_cents, total_cents, deposit_cents, balance_due_on, hold_expires_at,
    terms_accepted_at, created_at, updated_at)
  values (booking.id, booking.number, person.id, booking.status, booking.source, booking.event_start, booking.event_end,
    booking.address_line1, booking.address_line2, booking.address_city, booking.address_state, booking.address_zip,
    booking.service_area_id, booking.surface, booking.customer_notes, booking.coupon_id,
    booking.damage_waiver_accepted, booking.subtotal_cents, booking.delivery_fee_cents, booking.damage_waiver_cents,
    booking.discount_cents, booking.adjustments_cents, booking.tax_cents, booking.total_cents, booking.deposit_cents,
    booking.balance_due_on, booking.hold_expires_at, booking.terms_accepted_at, booking.created_at, booking.updated_at);

  perform take_cart(booking.id, p->'cart');

  if person.name <> given->>'name' or person.phone <> given->>'phone' then
    update customers set name = given->>'name', phone = given->>'phone', updated_at = now() where id = person.id;
  end if;

  with added as (
    insert into outbound_emails (to_address, subject, template, payload, attempts, next_attempt_at, created_at)
    select e.to_address, e.subject, e.template, e.payload, e.attempts, e.next_attempt_at, e.created_at
    from jsonb_populate_recordset(null::outbound_emails, coalesce(p->'emails', '[]')) e
    returning id, payload, attempts
  )
  select coalesce(json_agg(added), '[]') into stored from added;

  if (p->>'analytics')::boolean then
    insert into analytics_events (name, path, created_at) values ('booking_created', '/checkout', booking.created_at);
  end if;

  return json_build_object('emails', stored);
end
$$;

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

-- Messages a request has just sent (src/lib/email/outbox.server.ts): p {ids, at}.
create function mark_emails_sent(p jsonb) returns void
language plpgsql
set search_path = public, pg_temp
as $$
begin
  update outbound_emails set status = 'sent', sent_at = (p->>'at')::timestamptz, last_error = null
  where id = any (array(select jsonb_array_elements_text(p->'ids'))::uuid[]);
end
$$;

-- Not RPC endpoints (see 20261123170000_supabase_ready_schema.sql): where the Data API roles exist,
-- nobody but the owner may call these. Taken here by name because a per-schema default privilege
-- cannot take away EXECUTE that PostgreSQL grants PUBLIC by default for every new function.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function expire_holds(timestamptz), cart_snapshot(jsonb), take_cart(uuid, jsonb),
      place_booking(jsonb), count_rate_limit_hit(jsonb), mark_emails_sent(jsonb) from %I', api_role);
  end loop;
  if found then
    revoke execute on function expire_holds(timestamptz), cart_snapshot(jsonb), take_cart(uuid, jsonb),
      place_booking(jsonb), count_rate_limit_hit(jsonb), mark_emails_sent(jsonb) from public;
  end if;
end
$$;
