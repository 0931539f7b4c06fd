-- take_cart as it is now, from supabase/migrations/20261127090000_booking_round_trips.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

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
