-- Spending credits (issue #25): a credit pays part of a booking as a payment of method 'credit'
-- (counted in amount_paid like any payment), and each credit it drew on is named in credit_uses.
-- A spend takes the customer's credits oldest expiry first, each row locked (`for update`), so two
-- spends never take the same cents; customer_credits_remaining (0..amount) is the last word.
alter table payments drop constraint payments_method_check;
alter table payments add constraint payments_method_check check (method in ('stripe', 'cash', 'check', 'card_in_person', 'credit'));

-- One row per credit a payment drew on (amount > 0), and per credit a refund of that payment gave
-- back to (amount < 0, payment_id: the refund). The sum of a credit's rows is what it lost to bookings.
create table credit_uses (
  id uuid primary key default gen_random_uuid(),
  credit_id uuid not null references customer_credits(id) on delete restrict,
  booking_id uuid not null references bookings(id) on delete restrict,
  payment_id uuid not null references payments(id) on delete restrict,
  amount_cents integer not null check (amount_cents <> 0 and amount_cents between -100000000 and 100000000),
  -- Staff e-mail, or 'customer' when spent at the website's checkout.
  used_by text not null check (length(used_by) between 1 and 320),
  created_at timestamptz not null default now()
);
create index credit_uses_credit_idx on credit_uses (credit_id);
create index credit_uses_booking_idx on credit_uses (booking_id);
create index credit_uses_payment_idx on credit_uses (payment_id);
alter table credit_uses enable row level security;

-- One-time codes that prove a customer owns an e-mail before its credit is spent at checkout. The
-- code is kept as an HMAC (never the digits), lives 10 minutes and allows 5 tries; a new code for the
-- same e-mail replaces the old one.
create table credit_codes (
  email text primary key check (length(email) between 3 and 200),
  code_hash text not null,
  expires_at timestamptz not null,
  tries integer not null default 0 check (tries >= 0),
  created_at timestamptz not null default now()
);
create index credit_codes_expires_idx on credit_codes (expires_at);
alter table credit_codes enable row level security;
