-- Stripe's own changes reach the booking (issue #22): refunds made in Stripe's dashboard arrive as
-- charge.refunded and are recorded as refund payments (payments rows, kind 'refund'); a dispute
-- (chargeback) is kept here, one row per Stripe dispute, beside the payment it disputes.
create table payment_disputes (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments(id) on delete restrict,
  booking_id uuid not null references bookings(id) on delete restrict,
  stripe_dispute_id text not null unique,
  amount_cents integer not null check (amount_cents > 0),
  reason text not null default '',
  -- open: the bank took the money back and the business may answer; won: it came back; lost: it is gone;
  -- inquiry / inquiry_closed: the bank only asked (Stripe's warning_* states), no money moved.
  status text not null check (status in ('open', 'won', 'lost', 'inquiry', 'inquiry_closed')),
  -- Whether the amount is currently taken off the booking's amount paid: set when the bank takes the
  -- money, cleared when a won dispute gives it back, so replays and late events never count twice.
  funds_withdrawn boolean not null default false,
  created_at timestamptz not null,
  closed_at timestamptz
);
create index payment_disputes_payment_idx on payment_disputes (payment_id);
create index payment_disputes_booking_idx on payment_disputes (booking_id);
alter table payment_disputes enable row level security;

-- The money a dispute moves is recorded as payments too, so a booking's payments (refunds
-- subtracted) keep adding up to its amount paid (invoices check it): the chargeback as a 'refund'
-- row and the money a won dispute brings back as an 'other' row, each naming its dispute. Neither
-- is a refund of the disputed payment (refund_of stays null), so what staff may still refund of it
-- is counted without them.
alter table payments add column dispute_id uuid references payment_disputes(id) on delete restrict;
create index payments_dispute_idx on payments (dispute_id) where dispute_id is not null;
