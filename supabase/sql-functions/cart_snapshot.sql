-- cart_snapshot as it is now, from supabase/migrations/20261202140000_site_requirements.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- With the owner's generator product read beside the cart's (issue #38).

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
