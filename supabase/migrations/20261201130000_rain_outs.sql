-- Rain-outs (issue #25): staff mark a date's parties (or some of them) as rained out and choose what the
-- customers are offered: moving free of charge, what they paid kept as a credit (a rain check), or a
-- refund. Each booking gets one offer with a personal link (`answer_token`, a secret like the invoice
-- link's). The booking keeps its units and its money until the customer answers or `answer_by` passes;
-- then the scheduled housekeeping keeps what was paid as a rain check, as the policy promises.
alter table business_settings
  add column rain_out_answer_days integer not null default 14 check (rain_out_answer_days between 1 and 90);

create table rain_out_offers (
  booking_id uuid primary key references bookings(id) on delete cascade,
  -- The business's calendar day that was rained out.
  rained_out_on date not null,
  offers text[] not null check (cardinality(offers) between 1 and 3 and offers <@ array['move', 'credit', 'refund']),
  answer_token text not null unique check (length(answer_token) between 32 and 64),
  answer_by timestamptz not null,
  answer text check (answer in ('moved', 'credit', 'refund', 'lapsed')),
  answered_at timestamptz,
  -- Staff e-mail of who marked it.
  marked_by text not null,
  created_at timestamptz not null default now(),
  constraint rain_out_offers_answered check ((answer is null) = (answered_at is null))
);
-- The day screen and the dashboard find a date's rain-outs; housekeeping finds the unanswered past their time.
create index rain_out_offers_day_idx on rain_out_offers (rained_out_on);
create index rain_out_offers_waiting_idx on rain_out_offers (answer_by) where answer is null;
alter table rain_out_offers enable row level security;
