-- A token per purpose (issue #22). The guests' key (bookings.waiver_key: the party QR code and share
-- link) opens the waiver and nothing else; the invoice, which shows the renter's e-mail, phone,
-- address and payments, has its own unguessable token, used in the e-mails and on the tracking page.
-- Staff can rotate either from the booking screen (the old link stops working at once).

-- 32 bytes, base64url: the random part of two version-4 UUIDs (244 random bits) without pgcrypto,
-- which an embedded PostgreSQL need not have. The application makes its tokens with node:crypto;
-- this default covers rows written by hand and the bookings already stored.
create or replace function new_link_token() returns text
language sql volatile
set search_path = public, pg_temp
as $$
  select rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
$$;

alter table bookings add column invoice_token text;
update bookings set invoice_token = new_link_token();
alter table bookings
  alter column invoice_token set not null,
  alter column invoice_token set default new_link_token(),
  add constraint bookings_invoice_token_length check (length(invoice_token) between 32 and 64);
create unique index bookings_invoice_token_key on bookings (invoice_token);

-- Staff search bookings by the contact each was placed with (no longer the customer's record).
create index bookings_contact_email_idx on bookings (lower(contact_email));

-- As in 20261128091000_booking_contact.sql, with the booking's invoice token written: the website's
-- confirmation e-mails, stored in this same call, already carry the invoice link.
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
    'terms_accepted_at', 'created_at', 'updated_at', 'contact_name', 'contact_email', 'contact_phone', 'client_address',
    'invoice_token'])
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
    terms_accepted_at, created_at, updated_at, contact_name, contact_email, contact_phone, client_address, invoice_token)
  values (booking.id, booking.number, person.id, booking.status, booking.source, booking.event_start, booking.event_end,
    booking.address_line1, booking.address_line2, booking.address_city, booking.address_state, booking.address_zip,
    booking.service_area_id, booking.surface, booking.customer_notes, booking.coupon_id,
    booking.damage_waiver_accepted, booking.subtotal_cents, booking.delivery_fee_cents, booking.damage_waiver_cents,
    booking.discount_cents, booking.adjustments_cents, booking.tax_cents, booking.total_cents, booking.deposit_cents,
    booking.balance_due_on, booking.hold_expires_at, booking.terms_accepted_at, booking.created_at, booking.updated_at,
    given->>'name', given->>'email', given->>'phone', booking.client_address, coalesce(booking.invoice_token, new_link_token()));

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
    execute format('revoke all on function new_link_token() from %I', api_role);
  end loop;
  if found then
    revoke execute on function new_link_token() from public;
  end if;
end
$$;
