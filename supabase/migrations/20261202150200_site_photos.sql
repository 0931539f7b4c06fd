-- Photos of the setup spot a customer adds at checkout or from the tracking page (issue #38): at most
-- 3 a booking (checked in the upload's transaction under the booking's row lock), the files in the
-- private file store like damage photos, served to staff only. Gone with the booking.
create table booking_site_photos (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete cascade,
  storage_path text not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  created_at timestamptz not null default now()
);
-- At most 3 a booking: the booking id finds them, their order is sorted in memory.
create index booking_site_photos_booking_idx on booking_site_photos (booking_id);
alter table booking_site_photos enable row level security;
