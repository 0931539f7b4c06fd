-- Balances that collect themselves (issue #25), the owner's choice:
--   auto_charge_balance        the deposit checkout saves the card (with the customer's consent) and
--                              the balance is charged to it off-session;
--   auto_charge_days_before    that many days before the event (the business's calendar).
alter table business_settings
  add column auto_charge_balance boolean not null default false,
  add column auto_charge_days_before integer not null default 2 check (auto_charge_days_before between 0 and 30);

-- The card saved at the deposit checkout: Stripe's ids only (never a card number), and the brand and
-- last four digits Stripe reports, for staff to read. bookings.stripe_customer_id already exists.
alter table bookings
  add column saved_payment_method_id text check (saved_payment_method_id is null or length(saved_payment_method_id) <= 255),
  add column saved_card_brand text check (saved_card_brand is null or length(saved_card_brand) <= 40),
  add column saved_card_last4 text check (saved_card_last4 is null or saved_card_last4 ~ '^[0-9]{4}$');

-- Each off-session charge of a balance. The unique key is the whole rule "at most once per booking
-- per balance": the same card, the same amount owed and the same amount already paid is never tried
-- again (a decline waits until the card or the amount changes); a later edit that raises the total
-- (or a payment made another way) makes a new key. The row is inserted, as 'pending', in the
-- transaction that holds the booking's row lock, before Stripe is asked, so two overlapping
-- housekeeping runs make one charge; the idempotency key makes a retried request the same charge.
create table balance_charges (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete restrict,
  payment_method_id text not null check (length(payment_method_id) <= 255),
  amount_cents integer not null check (amount_cents between 1 and 100000000),
  paid_before_cents integer not null check (paid_before_cents >= 0),
  attempt integer not null check (attempt >= 1),
  idempotency_key text not null unique check (length(idempotency_key) <= 255),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  stripe_payment_intent_id text check (stripe_payment_intent_id is null or length(stripe_payment_intent_id) <= 255),
  failure_code text check (failure_code is null or length(failure_code) <= 100),
  failure_message text check (failure_message is null or length(failure_message) <= 500),
  -- Why it was tried: the charge date came, or a staff edit raised the total after it.
  reason text not null check (reason in ('scheduled', 'edit')),
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint balance_charges_once unique (booking_id, payment_method_id, amount_cents, paid_before_cents)
);
create index balance_charges_booking_idx on balance_charges (booking_id);
create index balance_charges_failed_idx on balance_charges (created_at) where status = 'failed';
alter table balance_charges enable row level security;
