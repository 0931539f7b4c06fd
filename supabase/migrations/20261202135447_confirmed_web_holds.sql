-- Holds a script can squat (issue #36). A website booking made without paying ("pay later", or no
-- online payments: status deposit_due, source web) first holds its units for about an hour
-- (src/lib/booking/unpaid-holds.ts, UNCONFIRMED_HOLD_MINUTES, written into `hold_expires_at` when it
-- is placed). Its customer confirms it with one click on the signed link in the booking e-mail; only
-- then does the owner's pay-later window (`unpaid_hold_hours`, counted from when it was placed)
-- apply. An unconfirmed booking is released at its hour by the same machinery as any unpaid booking
-- (release_unpaid_bookings: the next booking, the 5-minute scheduled run). Staff, phone and quote
-- bookings and Stripe holds are untouched.

-- When the customer proved the e-mail address (clicked the confirmation link, or checked out with a
-- credit code sent to it). Null on a pay-later website booking still waiting for it.
alter table bookings add column email_confirmed_at timestamptz;

-- Open unpaid website bookings placed before this migration were taken on the old terms (48 hours,
-- no confirmation): they count as confirmed, so none of them shows up as unconfirmed.
update bookings set email_confirmed_at = created_at
where source = 'web' and status in ('hold', 'deposit_due') and email_confirmed_at is null;

-- The dashboard's list of unconfirmed requests (staff call them), soonest deadline first.
create index bookings_unconfirmed_web_idx on bookings (hold_expires_at)
  where status = 'deposit_due' and source = 'web' and email_confirmed_at is null and hold_expires_at is not null;

-- As in 20261128100000_unpaid_holds.sql, in full, with `unconfirmed` in what it answers: a pay-later
-- website booking released because nobody confirmed it from the e-mail, which the customer's e-mail
-- about the release says. [{id, number, was, unconfirmed, deadline, email, eventStart, eventEnd,
-- placedAt, items: [{name, quantity}]}].
create or replace function release_unpaid_bookings(p_now timestamptz) returns json
language sql
set search_path = public, pg_temp
as $$
  with due as (
    select id, status, hold_expires_at, email_confirmed_at, source from bookings
    where status in ('hold', 'deposit_due') and hold_expires_at <= p_now
    order by id for update skip locked
  ), ended as (
    update bookings b set status = 'expired', hold_expires_at = null, updated_at = p_now
    from due where b.id = due.id
    returning b.id, b.number, due.status as was,
      (due.status = 'deposit_due' and due.source = 'web' and due.email_confirmed_at is null) as unconfirmed,
      due.hold_expires_at as deadline, b.contact_email, b.event_start, b.event_end, b.created_at
  ), released as (
    update unit_allocations a set released_at = p_now
    from ended where a.booking_id = ended.id and a.released_at is null
    returning a.id
  )
  select coalesce(json_agg(json_build_object(
    'id', e.id, 'number', e.number, 'was', e.was, 'unconfirmed', e.unconfirmed, 'deadline', e.deadline, 'email', e.contact_email,
    'eventStart', e.event_start, 'eventEnd', e.event_end, 'placedAt', e.created_at,
    'items', (select coalesce(json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) order by i.product_name), '[]')
              from booking_items i where i.booking_id = e.id)
  ) order by e.number), '[]')
  from ended e
$$;

-- The customer's click on "Confirm your booking request" (src/lib/booking/confirm-request.server.ts,
-- which has checked the link's signature). p: {id, now, deadline}: the booking, the moment, and the
-- pay-later deadline the TypeScript computed for it (placed + unpaid_hold_hours). Unpaid bookings
-- past their deadline are released first, as a booking's snapshot does, so a link opened after the
-- hour finds its own booking released (the caller stores the e-mails of everything released here,
-- in the same transaction). Then the booking is marked confirmed and, if it still waits with a
-- deadline (staff may have kept it without one), gets the pay-later deadline. A second click
-- changes nothing. Answers {state: 'confirmed' | 'already_confirmed' | 'expired' | 'cancelled' |
-- 'unknown', status, holdExpiresAt, eventDate, items: [{product, name, quantity}], released}.
create function confirm_booking_request(p jsonb) returns json
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  at timestamptz := (p->>'now')::timestamptz;
  released json;
  booking bookings;
  state text;
begin
  released := release_unpaid_bookings(at);
  select * into booking from bookings where id = (p->>'id')::uuid for update;
  if booking.id is null then
    return json_build_object('state', 'unknown', 'released', released);
  end if;
  if booking.status in ('expired', 'cancelled') then
    state := booking.status;
  elsif booking.email_confirmed_at is not null then
    state := 'already_confirmed';
  else
    update bookings set
      email_confirmed_at = at,
      hold_expires_at = case
        when status = 'deposit_due' and source = 'web' and hold_expires_at is not null
        then greatest(hold_expires_at, (p->>'deadline')::timestamptz)
        else hold_expires_at end,
      updated_at = at
    where id = booking.id
    returning * into booking;
    state := 'confirmed';
  end if;
  return json_build_object(
    'state', state,
    'status', booking.status,
    'holdExpiresAt', booking.hold_expires_at,
    'eventDate', (select (booking.event_start at time zone s.timezone)::date::text from business_settings s where s.id),
    'items', (select coalesce(json_agg(json_build_object('product', pr.slug, 'name', i.product_name, 'quantity', i.quantity) order by i.product_name), '[]')
              from booking_items i join products pr on pr.id = i.product_id where i.booking_id = booking.id),
    'released', released);
end
$$;

-- Not RPC endpoints (see 20261127090000_booking_round_trips.sql).
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function release_unpaid_bookings(timestamptz), confirm_booking_request(jsonb) from %I', api_role);
  end loop;
  if found then
    revoke execute on function release_unpaid_bookings(timestamptz), confirm_booking_request(jsonb) from public;
  end if;
end
$$;
