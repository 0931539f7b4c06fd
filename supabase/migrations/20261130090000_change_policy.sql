-- The owner's change and cancellation policy as data (issue #25), beside the full-refund limit the
-- first-run setup already asks for (cancellation_refund_days):
--   cancellation_credit_hours  from the refund limit down to this many hours before the event, what was
--                              paid becomes a credit; later, nothing comes back;
--   credit_expiry_months       how long such a credit (and a rain check) can be spent;
--   change_cutoff_hours        until this many hours before the event a booking moves to another date free.
-- The defaults are the terms the tracking page printed until now.
alter table business_settings
  add column cancellation_credit_hours integer not null default 48 check (cancellation_credit_hours between 0 and 8760),
  add column credit_expiry_months integer not null default 12 check (credit_expiry_months between 1 and 60),
  add column change_cutoff_hours integer not null default 48 check (change_cutoff_hours between 0 and 720);
