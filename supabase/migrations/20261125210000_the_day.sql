-- The day (issue #16): where the trucks leave from, which truck runs which booking, the driving order
-- staff set for each date, and damage the crew finds on site.

-- The warehouse the trucks load at. It starts as the business address (most small rental businesses
-- run from one yard); owners change it in Settings when the office is elsewhere.
alter table business_settings
  add column warehouse_line1 text not null default '',
  add column warehouse_city text not null default '',
  add column warehouse_state text not null default 'TX' check (warehouse_state ~ '^[A-Z]{2}$'),
  add column warehouse_zip text not null default '00000' check (warehouse_zip ~ '^\d{5}$');
update business_settings set warehouse_line1 = address_line1, warehouse_city = address_city,
  warehouse_state = address_state, warehouse_zip = address_zip;

-- Trucks (or crews: whatever goes out together) are settings. A truck that ran bookings is
-- deactivated, never deleted, so old days still say who went.
create table trucks (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 60),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index trucks_name_idx on trucks (lower(name));
alter table trucks enable row level security;

-- A booking is run by one truck: it drops the units off and picks them up again.
alter table bookings add column truck_id uuid references trucks(id) on delete set null;
create index bookings_truck_idx on bookings (truck_id);

-- The driving order of a date: one row per stop (a booking's delivery or its pickup) with its place.
-- Positions are per date, not per truck, so moving a booking to another truck keeps no stale order
-- behind (its rows are removed and it goes to the end of its new truck's run). A separate table
-- rather than columns on bookings because a booking has two stops, often on two different dates.
create table day_route_stops (
  route_date date not null,
  booking_id uuid not null references bookings(id) on delete cascade,
  kind text not null check (kind in ('delivery', 'pickup')),
  position integer not null check (position between 0 and 10000),
  primary key (route_date, booking_id, kind)
);
create index day_route_stops_booking_idx on day_route_stops (booking_id);
alter table day_route_stops enable row level security;

-- Damage the crew reports for a unit, with an optional photo in file storage. The unit's maintenance
-- notes get a line too, so the inventory screen shows it where staff already look.
create table damage_reports (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references inventory_units(id) on delete cascade,
  booking_id uuid references bookings(id) on delete set null,
  note text not null check (length(note) between 1 and 2000),
  photo_path text,
  photo_type text check (photo_type in ('image/jpeg', 'image/png', 'image/webp')),
  reported_by text not null,
  created_at timestamptz not null default now(),
  check ((photo_path is null) = (photo_type is null))
);
create index damage_reports_unit_idx on damage_reports (unit_id);
create index damage_reports_booking_idx on damage_reports (booking_id);
alter table damage_reports enable row level security;
