-- The customer's yard checked against each product before the booking is taken (issue #38).
--
-- products: what each product needs of the setup spot, beside what it already had (surfaces, space,
-- outlets, water). Null is "no rule". Surfaces '{}' is "no rule" too: party supplies and cakes had the
-- column's old default '{grass}', which would refuse a table set on a patio.
alter table products
  add column stakes_needed smallint check (stakes_needed between 0 and 40),
  add column sandbags_needed smallint check (sandbags_needed between 0 and 40),
  add column clearance_ft numeric(4, 1) check (clearance_ft > 0 and clearance_ft <= 99),
  add column outlet_run_ft smallint check (outlet_run_ft between 10 and 500),
  add column circuit_amps smallint check (circuit_amps between 10 and 60),
  add column access_width_in smallint check (access_width_in between 12 and 240),
  add column max_stair_flights smallint check (max_stair_flights between 0 and 10),
  add column overnight_allowed boolean;
alter table products alter column surfaces set default '{}';
update products p set surfaces = '{}'
from categories c where c.id = p.category_id and c.kind in ('supply', 'cake');

-- The owner's rules (src/lib/business/site-rules.ts): served surfaces, fees, the generator, the help.
alter table business_settings add column site_rules jsonb not null default '{
  "servedSurfaces": ["grass", "concrete", "asphalt", "indoor", "artificial-turf"],
  "sandbagSetFeeCents": 2500, "hardSurfaceFeeCents": 0, "stairsFeePerFlightCents": 2500, "overnightFeeCents": 5000,
  "generatorProductSlug": null, "outletsPerGenerator": 2, "allowNotSure": true,
  "help": {"surface": "", "outlet": "", "access": "", "stairs": "", "ceiling": ""}}';

-- bookings: the customer's answers, the automatic lines they brought (sandbags, stairs, overnight; a
-- generator is a booking item of its own), and what staff must call about ("not sure").
alter table bookings
  add column site_answers jsonb not null default '{}',
  add column site_charges jsonb not null default '[]',
  add column site_charges_cents integer not null default 0 check (site_charges_cents >= 0),
  add column site_flags text[] not null default '{}';
alter table bookings drop constraint bookings_total_adds_up;
alter table bookings add constraint bookings_total_adds_up
  check (total_cents = subtotal_cents + delivery_fee_cents + damage_waiver_cents - discount_cents + adjustments_cents
    + site_charges_cents + tax_cents);

-- availability_snapshot as in 20261122003000_availability_snapshot.sql (its plan setting from
-- 20261122150000 now in the definition), with each product's site requirements.
create or replace function availability_snapshot(
  p_slugs text[],
  p_listed boolean,
  p_allocations_from timestamptz,
  p_allocations_to timestamptz,
  p_blackouts_from date,
  p_blackouts_to date
) returns json
language plpgsql stable
set search_path = public, pg_temp
set plan_cache_mode = force_generic_plan
as $$
begin
  return (
    with recursive listed as (
      select p.id, row_number() over (order by c.sort_order, p.sort_order, p.name) as rank
      from products p join categories c on c.id = p.category_id
      where p_listed and p.active and c.active
    ), wanted as (
      select p.id from products p where p.slug = any(p_slugs) or p.id in (select id from listed)
      union
      select pi.item_id from package_items pi join wanted w on w.id = pi.package_id
    ), stocked as (
      select p.id from products p
      where p.id in (select id from wanted) and p.tracks_inventory
        and not exists (select 1 from package_items pi where pi.package_id = p.id)
    )
    select json_build_object(
      'settings', (select row_to_json(s) from business_settings s where s.id),
      'listed', (select coalesce(json_agg(l.id order by l.rank), '[]') from listed l),
      'products', (select coalesce(json_agg(json_build_object(
          'id', p.id, 'slug', p.slug, 'name', p.name, 'category_id', p.category_id, 'active', p.active,
          'category_active', c.active, 'tracks_inventory', p.tracks_inventory,
          'setup_minutes', coalesce(p.setup_minutes, s.default_setup_minutes, 0),
          'teardown_minutes', coalesce(p.teardown_minutes, s.default_teardown_minutes, 0),
          'pricing_unit', p.pricing_unit, 'base_price_cents', p.base_price_cents, 'base_hours', p.base_hours,
          'half_day_price_cents', p.half_day_price_cents, 'extra_day_price_cents', p.extra_day_price_cents,
          'surfaces', p.surfaces, 'stakes_needed', p.stakes_needed, 'sandbags_needed', p.sandbags_needed,
          'space_length_ft', p.space_length_ft, 'space_width_ft', p.space_width_ft, 'clearance_ft', p.clearance_ft,
          'outlets_required', p.outlets_required, 'outlet_run_ft', p.outlet_run_ft, 'circuit_amps', p.circuit_amps,
          'water_hookup', p.water_hookup, 'access_width_in', p.access_width_in, 'max_stair_flights', p.max_stair_flights,
          'overnight_allowed', p.overnight_allowed,
          'package_items', coalesce((select json_agg(json_build_object('productId', pi.item_id, 'quantity', pi.quantity))
            from package_items pi where pi.package_id = p.id), '[]'))), '[]')
        from products p join categories c on c.id = p.category_id left join business_settings s on s.id
        where p.id in (select id from wanted)),
      'units', (select coalesce(json_agg(json_build_object('id', u.id, 'productId', u.product_id, 'status', u.status)
          order by u.label), '[]')
        from inventory_units u where u.product_id in (select id from stocked)),
      'allocations', (select coalesce(json_agg(json_build_object('unitId', a.unit_id,
          'start', extract(epoch from lower(a.during)) * 1000, 'end', extract(epoch from upper(a.during)) * 1000)), '[]')
        from unit_allocations a join inventory_units u on u.id = a.unit_id
        where u.product_id in (select id from stocked) and a.released_at is null
          and a.during && tstzrange(p_allocations_from, p_allocations_to, '[)')),
      'blackouts', (select coalesce(json_agg(json_build_object('scope', b.scope, 'categoryId', b.category_id,
          'productId', b.product_id, 'startsOn', b.starts_on, 'endsOn', b.ends_on, 'reason', b.reason)), '[]')
        from blackouts b where b.starts_on <= p_blackouts_to and b.ends_on >= p_blackouts_from)
    )
  );
end
$$;

-- cart_snapshot as in 20261128100000_unpaid_holds.sql, with the owner's generator product read beside the
-- cart's: a site with no outlet in reach gets it as a line of its own, priced and checked like any other.
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
    'snapshot', availability_snapshot(array(select jsonb_array_elements_text(p->'slugs')) || array(
        select s.site_rules->>'generatorProductSlug' from business_settings s
        where s.id and s.site_rules->>'generatorProductSlug' is not null), false,
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

-- place_booking as in 20261201100000_customer_changes.sql, with the site answers, lines and flags written.
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
    'invoice_token', 'manage_token', 'site_answers', 'site_charges', 'site_charges_cents', 'site_flags'])
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
    site_answers, site_charges, site_charges_cents, site_flags)
  values (booking.id, booking.number, person.id, booking.status, booking.source, booking.event_start, booking.event_end,
    booking.address_line1, booking.address_line2, booking.address_city, booking.address_state, booking.address_zip,
    booking.service_area_id, booking.surface, booking.customer_notes, booking.coupon_id,
    booking.damage_waiver_accepted, booking.subtotal_cents, booking.delivery_fee_cents, booking.damage_waiver_cents,
    booking.discount_cents, booking.adjustments_cents, booking.tax_cents, booking.total_cents, booking.deposit_cents,
    booking.balance_due_on, booking.hold_expires_at, booking.terms_accepted_at, booking.created_at, booking.updated_at,
    given->>'name', given->>'email', given->>'phone', booking.client_address, coalesce(booking.invoice_token, new_link_token()), coalesce(booking.manage_token, new_link_token()),
    coalesce(booking.site_answers, '{}'), coalesce(booking.site_charges, '[]'), coalesce(booking.site_charges_cents, 0),
    coalesce(booking.site_flags, '{}'));

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
