-- A website booking's work in the database: fewer round trips and a lighter answer (issue #24).

-- The booking request's rate-limit hit and the spending of its human-check proof, in one call
-- (src/lib/human-check/index.server.ts, checkedRequestWithinLimit): p {key, windowStart, limit,
-- signature, submissionId, expiresAt}. The proof is spent as spendProof spends it
-- (src/lib/human-check/spent-proofs.server.ts): 'used' when it was spent before on anything else.
-- The hit is counted as count_rate_limit_hit counts it, last, so the window's row (one for every
-- request from an address) stays locked only for the end of this call; over the limit the answer is
-- 'limited' and a proof spent here is taken back (as when the 429 came before the proof was looked
-- at). Only a row this call inserted is taken back: one re-presented by its own submission was
-- spent already.
create function spend_proof_within_limit(p jsonb) returns text
language plpgsql
set search_path = public, pg_temp
as $$
declare
  hits integer;
  inserted boolean;
begin
  insert into spent_human_checks (signature, submission_id, expires_at)
  values (p->>'signature', (p->>'submissionId')::uuid, (p->>'expiresAt')::timestamptz)
  on conflict (signature) do update set expires_at = excluded.expires_at
    where spent_human_checks.submission_id = excluded.submission_id
  returning xmax = 0 into inserted;

  insert into rate_limits (key, window_start) values (p->>'key', (p->>'windowStart')::timestamptz)
  on conflict (key, window_start) do update set hits = rate_limits.hits + 1
  returning rate_limits.hits into hits;
  if hits > (p->>'limit')::integer then
    if inserted then
      delete from spent_human_checks where signature = p->>'signature';
    end if;
    return 'limited';
  end if;
  return case when inserted is null then 'used' else 'spent' end;
end
$$;

-- As in 20261128130000_booking_tokens.sql, with each e-mail's id given by the caller (made with the
-- message, src/lib/email/outbox.server.ts) instead of read back: the answer no longer carries the
-- stored e-mails (their whole payloads, aggregated here and parsed again by the caller, about as big
-- as what was sent). Nothing is answered.
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

  insert into outbound_emails (id, to_address, subject, template, payload, attempts, next_attempt_at, created_at)
  select coalesce(e.id, gen_random_uuid()), e.to_address, e.subject, e.template, e.payload, e.attempts, e.next_attempt_at, e.created_at
  from jsonb_populate_recordset(null::outbound_emails, coalesce(p->'emails', '[]')) e;

  if (p->>'analytics')::boolean then
    insert into analytics_events (name, path, created_at) values ('booking_created', '/checkout', booking.created_at);
  end if;

  return null;
end
$$;

-- Messages sent, each at its own time (src/lib/email/outbox.server.ts, markSent): p {sent: [{id, at}]}.
-- As mark_emails_sent (20261127090000_booking_round_trips.sql), for the messages of several requests
-- in one statement.
create function mark_emails_sent_at(p jsonb) returns void
language plpgsql
set search_path = public, pg_temp
as $$
begin
  update outbound_emails e set status = 'sent', sent_at = s.at, last_error = null
  from jsonb_to_recordset(p->'sent') as s (id uuid, at timestamptz)
  where e.id = s.id;
end
$$;

-- Not RPC endpoints (see 20261127090000_booking_round_trips.sql): where the Data API roles exist,
-- nobody but the owner may call them.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function spend_proof_within_limit(jsonb), place_booking(jsonb), mark_emails_sent_at(jsonb) from %I', api_role);
  end loop;
  if found then
    revoke execute on function spend_proof_within_limit(jsonb), place_booking(jsonb), mark_emails_sent_at(jsonb) from public;
  end if;
end
$$;
