-- Text messages (issue #26): customers who agree get texts about their booking through Twilio, when the
-- site has Twilio's variables (src/lib/texts). The consent is stored with the exact wording shown; a number
-- that answers STOP is never texted again until it answers START; texts wait out the business's quiet
-- hours; every text is kept in an outbox like e-mail's, retried with backoff, and shown on the booking.

-- Quiet hours on the business's clock: a text due between them waits until they end (start = end: none).
alter table business_settings
  add column text_quiet_start time not null default '21:00',
  add column text_quiet_end time not null default '08:00';

-- One consent per booking (given again: replaced), with what the customer was shown and where.
create table text_consents (
  booking_id uuid primary key references bookings(id) on delete cascade,
  phone text not null check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  wording text not null check (length(wording) between 1 and 2000),
  source text not null check (source in ('checkout', 'staff')),
  -- Staff e-mail for a consent taken on the phone; null at checkout.
  recorded_by text,
  consented_at timestamptz not null
);
alter table text_consents enable row level security;

-- The numbers that texted STOP (and not START since). Kept by number, not by booking: STOP covers them all.
create table text_opt_outs (
  phone text primary key check (phone ~ '^\+[1-9][0-9]{7,14}$'),
  -- The word they sent (STOP, QUIT, ...), for the record.
  keyword text not null check (length(keyword) between 1 and 40),
  stopped_at timestamptz not null
);
alter table text_opt_outs enable row level security;

create table outbound_texts (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid references bookings(id) on delete cascade,
  to_phone text not null check (to_phone ~ '^\+[1-9][0-9]{7,14}$'),
  body text not null check (length(body) between 1 and 1600),
  kind text not null check (kind ~ '^[a-z][a-z0-9_-]{0,59}$'),
  -- One message per key ever (e.g. "day-before:<booking id>"): a second queue of the same is refused.
  dedupe_key text unique check (length(dedupe_key) between 1 and 200),
  -- refused: the number stopped texts after it was queued; nothing was sent.
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'refused')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  last_error text,
  -- Twilio's message SID (SM...), once accepted.
  provider_sid text,
  created_at timestamptz not null,
  sent_at timestamptz,
  constraint outbound_texts_sent check ((status = 'sent') = (sent_at is not null))
);
create index outbound_texts_booking_idx on outbound_texts (booking_id);
create index outbound_texts_pending_idx on outbound_texts (next_attempt_at) where status = 'pending';
alter table outbound_texts enable row level security;
