-- First-run setup and "Remove the demo" (issue #23).

-- Where the owner is in the setup wizard: the steps saved so far (any order: a step can be revisited)
-- and when they pressed "Finish". Until then the owner's dashboard offers to finish setting up, and
-- the wizard resumes at the first step not saved. The seeded demo has saved none: it is not yet the
-- owner's own business.
alter table business_settings
  add column setup_steps_done text[] not null default '{}',
  add column setup_completed_at timestamptz,
  -- The cancellation policy in one number: a cancelled booking gets its deposit back in full until
  -- this many days before the event (the policy page states it; the rest of the page is content).
  add column cancellation_refund_days integer not null default 7 check (cancellation_refund_days between 0 and 365),
  -- The tax rate (basis points) a service area made from now on starts with; the setup's tax step sets it.
  add column new_area_tax_rate_bps integer not null default 0 check (new_area_tax_rate_bps between 0 and 2000);

-- Rows the demo seed wrote (supabase/seed/seed.ts marks them): "Remove the demo" deletes exactly
-- these and what hangs off them, never what the owner made or imported. Everything else is the owner's.
alter table categories add column demo boolean not null default false;
alter table products add column demo boolean not null default false;
alter table inventory_units add column demo boolean not null default false;
alter table service_areas add column demo boolean not null default false;
alter table coupons add column demo boolean not null default false;
alter table customers add column demo boolean not null default false;
alter table bookings add column demo boolean not null default false;
alter table trucks add column demo boolean not null default false;
