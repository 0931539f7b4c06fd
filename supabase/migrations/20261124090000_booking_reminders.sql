-- Reminders that send themselves (issue #16): each on/off with its timing, kept with the business settings.
-- On by default: a business that deploys this starts reminding its customers without a trip to Settings.
alter table business_settings
  -- Reminders tied to a calendar day (balance due, day before, thank-you) go out from this local time,
  -- so nobody is woken at midnight by the first housekeeping run of the day.
  add column reminder_send_time time not null default '09:00',
  add column balance_reminder_enabled boolean not null default true,
  add column balance_reminder_days_before integer not null default 3 check (balance_reminder_days_before between 0 and 30),
  add column day_before_reminder_enabled boolean not null default true,
  add column waiver_reminder_enabled boolean not null default true,
  add column waiver_reminder_hours_before integer not null default 24 check (waiver_reminder_hours_before between 1 and 168),
  add column thank_you_enabled boolean not null default true,
  add column thank_you_days_after integer not null default 1 check (thank_you_days_after between 0 and 7),
  add column review_url text not null default '' check (review_url = '' or review_url ~ '^https?://');

-- One row per reminder sent: the primary key is what makes "at most once per booking" hold when two
-- housekeeping runs overlap. The row is written in the same transaction as the queued e-mail and the
-- audit entry, so a run that fails half-way leaves either all three or none.
create table booking_reminders (
  booking_id uuid not null references bookings(id) on delete cascade,
  kind text not null check (kind in ('balance_due', 'day_before', 'waiver_missing', 'thank_you')),
  sent_at timestamptz not null,
  primary key (booking_id, kind)
);
-- Supabase's linter wants an index on exactly the foreign key's columns (see 20261123170000).
create index booking_reminders_booking_idx on booking_reminders (booking_id);
alter table booking_reminders enable row level security;
