-- Customers are not rewritten by strangers (issue #22). A booking keeps the name, e-mail and phone
-- it was placed with; a booking under an e-mail address already on file no longer changes that
-- customer's name and phone (staff update or merge customers deliberately). A web booking also keeps
-- the client address it came from, so the owner's cap on open unpaid bookings per address can count.
alter table bookings
  add column contact_name text,
  add column contact_email text,
  add column contact_phone text,
  add column client_address text check (length(client_address) <= 64);

update bookings b set contact_name = c.name, contact_email = c.email, contact_phone = c.phone
from customers c where c.id = b.customer_id;

alter table bookings
  alter column contact_name set not null,
  alter column contact_email set not null,
  alter column contact_phone set not null;

-- A booking written without its contact (older code paths, hand-written rows) takes the
-- customer's as it stands at that moment.
create function bookings_default_contact() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if new.contact_name is null or new.contact_email is null or new.contact_phone is null then
    select coalesce(new.contact_name, c.name), coalesce(new.contact_email, c.email), coalesce(new.contact_phone, c.phone)
    into new.contact_name, new.contact_email, new.contact_phone
    from customers c where c.id = new.customer_id;
  end if;
  return new;
end
$$;
create trigger bookings_default_contact before insert on bookings
  for each row execute function bookings_default_contact();

-- Open unpaid web bookings are counted per contact and per client address at every booking.
create index bookings_open_contact_email_idx on bookings (lower(contact_email)) where status in ('hold', 'deposit_due');
create index bookings_open_contact_phone_idx on bookings (contact_phone) where status in ('hold', 'deposit_due');
create index bookings_open_client_address_idx on bookings (client_address) where status in ('hold', 'deposit_due') and client_address is not null;

-- As before (20261127090000_booking_round_trips.sql), with the booking's own contact and client
-- address stored, and no update of a customer found by e-mail.
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
  stored json;
begin
  -- A customer found by e-mail keeps the details stored with it: whoever types an e-mail address
  -- does not get to rename its owner. The booking keeps the contact it was placed with.
  -- The columns below are the ones the caller may give; anything else is a mistake to hear about.
  select k into unknown from jsonb_object_keys(p->'booking') k
  where k <> all (array['id', 'number', 'status', 'source', 'event_start', 'event_end', 'address_line1', 'address_line2',
    'address_city', 'address_state', 'address_zip', 'service_area_id', 'surface', 'customer_notes', 'coupon_id',
    'damage_waiver_accepted', 'subtotal_cents', 'delivery_fee_cents', 'damage_waiver_cents', 'discount_cents',
    'adjustments_cents', 'tax_cents', 'total_cents', 'deposit_cents', 'balance_due_on', 'hold_expires_at',
    'terms_accepted_at', 'created_at', 'updated_at', 'contact_name', 'contact_email', 'contact_phone', 'client_address'])
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
    terms_accepted_at, created_at, updated_at, contact_name, contact_email, contact_phone, client_address)
  values (booking.id, booking.number, person.id, booking.status, booking.source, booking.event_start, booking.event_end,
    booking.address_line1, booking.address_line2, booking.address_city, booking.address_state, booking.address_zip,
    booking.service_area_id, booking.surface, booking.customer_notes, booking.coupon_id,
    booking.damage_waiver_accepted, booking.subtotal_cents, booking.delivery_fee_cents, booking.damage_waiver_cents,
    booking.discount_cents, booking.adjustments_cents, booking.tax_cents, booking.total_cents, booking.deposit_cents,
    booking.balance_due_on, booking.hold_expires_at, booking.terms_accepted_at, booking.created_at, booking.updated_at,
    given->>'name', given->>'email', given->>'phone', booking.client_address);

  perform take_cart(booking.id, p->'cart');

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

-- Not an RPC endpoint (see 20261127090000_booking_round_trips.sql): where the Data API roles exist,
-- nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function bookings_default_contact() from %I', api_role);
  end loop;
  if found then
    revoke execute on function bookings_default_contact() from public;
  end if;
end
$$;
