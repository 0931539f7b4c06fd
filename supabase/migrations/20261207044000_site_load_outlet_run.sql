-- The outlet distance a booking was checked against (`outletRunFt`, src/lib/site-check/site-words.ts,
-- keptLoad) is kept in bookings.site_load beside the gear, and read back as it is by the crew's day, the
-- booking's card, the tracking page and the reminders: the check of 20261207012000_booking_site_load.sql
-- did not look at it, so a negative, fractional or text distance was stored and then shown to customers.
-- Absent (a booking kept before the distance was) or null (no unit needed power) stays allowed; otherwise
-- a whole number of feet, 0 or more. A CASE, so a text value is refused, not cast and failed on.
alter table bookings add constraint bookings_site_load_outlet_run_ft check (
  case
    when site_load is null or jsonb_typeof(site_load) <> 'object' or not (site_load ? 'outletRunFt') then true
    when jsonb_typeof(site_load -> 'outletRunFt') = 'null' then true
    when jsonb_typeof(site_load -> 'outletRunFt') = 'number' then
      (site_load ->> 'outletRunFt')::numeric between 0 and 2147483647
      and (site_load ->> 'outletRunFt')::numeric = trunc((site_load ->> 'outletRunFt')::numeric)
    else false
  end
);
