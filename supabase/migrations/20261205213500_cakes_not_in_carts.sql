-- Cakes are not rentals (issue #39's widget offered them with "Add to cart" and booked them as an
-- "up to 8 hours" rental, damage waiver and all, with no flavour or message taken): they are ordered
-- on the cake form. availability_snapshot now says which products are cakes, so that a cart refuses
-- one, and leaves them out of the listed products (the "what's free" search of /at and the widget).

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
      where p_listed and p.active and c.active and c.kind <> 'cake'
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
          'id', p.id, 'slug', p.slug, 'name', p.name, 'name_es', p.name_es, 'category_id', p.category_id, 'active', p.active,
          'category_active', c.active, 'cake', c.kind = 'cake', 'tracks_inventory', p.tracks_inventory,
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
