-- Open to the public (issue #22): the owner's limits on what one visitor may take or make the
-- business send. Defaults are generous for a real family and cheap to reach for a script.
alter table business_settings
  -- An online booking neither paid nor confirmed by staff (pay later, or no online payments) keeps
  -- its units this long after it was placed, then is released.
  add column unpaid_hold_hours integer not null default 48 check (unpaid_hold_hours between 1 and 336),
  -- What one online booking may take: units of one product, and lines (products) in all.
  add column max_units_per_product integer not null default 4 check (max_units_per_product between 1 and 100),
  add column max_items_per_booking integer not null default 10 check (max_items_per_booking between 1 and 100),
  -- Open unpaid online bookings at once, per e-mail address, per phone number and per client address.
  add column max_open_unpaid_per_email integer not null default 2 check (max_open_unpaid_per_email between 1 and 50),
  add column max_open_unpaid_per_phone integer not null default 2 check (max_open_unpaid_per_phone between 1 and 50),
  add column max_open_unpaid_per_client integer not null default 3 check (max_open_unpaid_per_client between 1 and 100),
  -- Acknowledgements sent to addresses nobody has verified (contact, suggestions, quote and cake
  -- requests), across all visitors, per day in the business's time zone.
  add column unverified_mail_daily_cap integer not null default 200 check (unverified_mail_daily_cap between 0 and 10000),
  -- Copies of signed waivers e-mailed to signers, per booking.
  add column waiver_copies_per_booking integer not null default 40 check (waiver_copies_per_booking between 0 and 500);
