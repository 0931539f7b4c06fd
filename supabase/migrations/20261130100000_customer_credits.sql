-- Credits (issue #25): money a customer may spend on a later booking instead of getting it back, kept
-- per customer with why it was given, how much is left, until when and the booking it came from.
-- `remaining_cents` only goes down as credit is spent (a row lock serialises two spends; the check is
-- the last word), and a credit is voided, never deleted, so the ledger keeps its history.
create table customer_credits (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references customers(id) on delete restrict,
  reason text not null check (reason in ('rain_check', 'goodwill', 'overpayment', 'cancellation')),
  amount_cents integer not null check (amount_cents between 1 and 100000000),
  remaining_cents integer not null,
  -- The last day it can be spent, in the business's calendar; null: it does not expire.
  expires_on date,
  source_booking_id uuid references bookings(id) on delete restrict,
  note text not null default '' check (length(note) <= 500),
  -- Staff e-mail; null when the site issued it (a customer's own choice, a lapsed offer).
  issued_by text,
  voided_at timestamptz,
  voided_by text,
  void_reason text check (void_reason is null or length(void_reason) <= 500),
  created_at timestamptz not null default now(),
  constraint customer_credits_remaining check (remaining_cents between 0 and amount_cents),
  constraint customer_credits_void check ((voided_at is null) = (void_reason is null))
);
create index customer_credits_customer_idx on customer_credits (customer_id);
-- A booking's credits are found from it (and a booking cannot go while one names it).
create index customer_credits_source_booking_idx on customer_credits (source_booking_id);
alter table customer_credits enable row level security;
