-- What a booking's products asked of the setup spot when it was booked or changed (`spot`: the largest
-- space, the outlets and circuit, the widest gate or door, the ceiling, a hose; src/lib/site-check/site-words.ts,
-- setupSpot and keptLoad) is kept in bookings.site_load beside the gear and the outlet distance, and the
-- customer's day-before "Please clear …" is made from it, so a product edited since does not change what
-- the customer is told to get ready. Shown to customers as it is, so the database holds it to its shape:
-- absent (a booking kept before it was) is allowed; otherwise an object with every field, sizes above 0
-- (the outlets 0 or more), the outlets, amps and inches whole numbers, null where no product asks, and
-- water true or false. A strict path, so a missing field, a text number or an array is refused, not cast.
alter table bookings add constraint bookings_site_load_spot check (
  case
    when site_load is null or jsonb_typeof(site_load) <> 'object' or not (site_load ? 'spot') then true
    else site_load @? 'strict $.spot ? (@.type() == "object"
      && @.water.type() == "boolean"
      && @.outlets.type() == "number" && @.outlets >= 0 && @.outlets == @.outlets.floor()
      && (@.amps == null || (@.amps.type() == "number" && @.amps > 0 && @.amps == @.amps.floor()))
      && (@.accessIn == null || (@.accessIn.type() == "number" && @.accessIn > 0 && @.accessIn == @.accessIn.floor()))
      && (@.ceilingFt == null || (@.ceilingFt.type() == "number" && @.ceilingFt > 0))
      && (@.space == null || (@.space.type() == "object"
        && @.space.l.type() == "number" && @.space.l > 0 && @.space.w.type() == "number" && @.space.w > 0)))'
  end
);
