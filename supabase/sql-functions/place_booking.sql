-- place_booking as it is now, from supabase/migrations/20261207012000_booking_site_load.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- With the booking's gear written (what its setup takes, as it was booked).

-- With the booking's language written (issue #40).

-- As in 20261202140000_site_requirements.sql: the site answers, lines and flags written (issue #38).
create or replace function place_booking(p jsonb) returns json
language plpgsql
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
declare
  given jsonb := p->'customer';
  person customers;
  booking bookings;
  unknown text;
begin
  -- A customer found by e-mail keeps the details stored with it: whoever types an e-mail address
  -- does not get to rename its owner. The booking keeps the contact it was placed with.
  -- The columns below are the ones the caller may give; anything else is a mistake to hear about.
  select k into unknown from jsonb_object_keys(p->'booking') k
  where k <> all (array['id', 'number', 'status', 'source', 'event_start', 'event_end', 'address_line1', 'address_line2',
    'address_city', 'address_state', 'address_zip', 'service_area_id', 'surface', 'customer_notes', 'coupon_id',
    'damage_waiver_accepted', 'subtotal_cents', 'delivery_fee_cents', 'damage_waiver_cents', 'discount_cents',
    'adjustments_cents', 'tax_cents', 'total_cents', 'deposit_cents', 'balance_due_on', 'hold_expires_at',
    'terms_accepted_at', 'created_at', 'updated_at', 'contact_name', 'contact_email', 'contact_phone', 'client_address',
    'invoice_token', 'manage_token', 'site_answers', 'site_charges', 'site_charges_cents', 'site_flags', 'site_load', 'language'])
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
    terms_accepted_at, created_at, updated_at, contact_name, contact_email, contact_phone, client_address, invoice_token, manage_token,
    site_answers, site_charges, site_charges_cents, site_flags, site_load, language)
  values (booking.id, booking.number, person.id, booking.status, booking.source, booking.event_start, booking.event_end,
    booking.address_line1, booking.address_line2, booking.address_city, booking.address_state, booking.address_zip,
    booking.service_area_id, booking.surface, booking.customer_notes, booking.coupon_id,
    booking.damage_waiver_accepted, booking.subtotal_cents, booking.delivery_fee_cents, booking.damage_waiver_cents,
    booking.discount_cents, booking.adjustments_cents, booking.tax_cents, booking.total_cents, booking.deposit_cents,
    booking.balance_due_on, booking.hold_expires_at, booking.terms_accepted_at, booking.created_at, booking.updated_at,
    given->>'name', given->>'email', given->>'phone', booking.client_address, coalesce(booking.invoice_token, new_link_token()), coalesce(booking.manage_token, new_link_token()),
    coalesce(booking.site_answers, '{}'), coalesce(booking.site_charges, '[]'), coalesce(booking.site_charges_cents, 0),
    coalesce(booking.site_flags, '{}'), booking.site_load, coalesce(booking.language, 'en'));

  perform take_cart(booking.id, p->'cart');

  insert into outbound_emails (id, to_address, subject, template, payload, attempts, next_attempt_at, created_at)
  select coalesce(e.id, gen_random_uuid()), e.to_address, e.subject, e.template, e.payload, e.attempts, e.next_attempt_at, e.created_at
  from jsonb_populate_recordset(null::outbound_emails, coalesce(p->'emails', '[]')) e;

  if (p->>'analytics')::boolean then
    insert into analytics_events (name, path, created_at) values ('booking_created', '/checkout', booking.created_at);
  end if;

  return null;
end
$$;
