-- Staff take and change bookings (issue #15): named discounts and surcharges on a booking, the
-- calendar SEQUENCE an edit raises, and whether crew may take phone bookings.

-- Staff adjustments together, signed (a discount is negative); the lines are in booking_adjustments.
alter table bookings
  add column adjustments_cents integer not null default 0,
  -- RFC 5545 SEQUENCE of the booking's calendar event: raised by each edit sent to the customer, so
  -- their calendar replaces the event instead of keeping the old one beside it.
  add column calendar_sequence integer not null default 0 check (calendar_sequence >= 0);

-- The total identity now includes the adjustments. The old check was unnamed: found by its text.
do $$
declare old_check text;
begin
  select conname into old_check from pg_constraint
  where conrelid = 'public.bookings'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%total_cents = %';
  execute format('alter table public.bookings drop constraint %I', old_check);
end $$;
alter table bookings add constraint bookings_total_adds_up
  check (total_cents = subtotal_cents + delivery_fee_cents + damage_waiver_cents - discount_cents + adjustments_cents + tax_cents);

create table booking_adjustments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete cascade,
  position smallint not null check (position >= 0),
  label text not null check (length(label) between 1 and 60),
  reason text not null check (length(reason) between 3 and 500),
  direction text not null check (direction in ('discount', 'surcharge')),
  kind text not null check (kind in ('amount', 'percent')),
  -- Cents for an amount, a percentage (two decimals) for a percent: as staff entered it.
  value numeric(12, 2) not null check (value > 0),
  -- What it came to, signed: a discount is negative.
  cents integer not null,
  unique (booking_id, position)
);
-- Supabase's linter wants an index on exactly the foreign key's columns (see 20261123170000).
create index booking_adjustments_booking_idx on booking_adjustments (booking_id);
alter table booking_adjustments enable row level security;

alter table business_settings add column crew_may_take_bookings boolean not null default false;
