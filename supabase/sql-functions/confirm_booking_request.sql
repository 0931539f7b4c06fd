-- confirm_booking_request as it is now, from supabase/migrations/20261202135447_confirmed_web_holds.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

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
