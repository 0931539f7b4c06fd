-- Messages a customer gets (issue #26): the day-before delivery window, "on the way" from the day screen,
-- the review request after pickup with its private feedback form, and one reminder for a checkout left
-- half-way. Each is sent at most once (customer_messages.dedupe_key), each has the owner's switch and
-- wording in the settings, and the ones that are not transactional respect a suppression list.
alter table business_settings
  add column on_the_way_enabled boolean not null default true,
  add column cart_reminder_enabled boolean not null default true,
  -- The owner's words for each message; {firstName}, {business}, {window}, {eta}, {date} are filled in.
  add column day_before_wording text not null default 'Your party is tomorrow. Our crew expects to arrive between {window} to set up.'
    check (length(day_before_wording) between 1 and 1000),
  add column on_the_way_wording text not null default 'Our crew is on the way to set up your party rental. Estimated arrival: {eta}.'
    check (length(on_the_way_wording) between 1 and 1000),
  add column review_request_wording text not null default 'Thank you for celebrating with {business}! We hope your party was a great day. How did we do?'
    check (length(review_request_wording) between 1 and 1000),
  add column cart_reminder_wording text not null default 'You left some party rentals in your cart at {business}. Your cart is saved: pick up where you left off.'
    check (length(cart_reminder_wording) between 1 and 1000);

-- A checkout left half-way: captured when the customer has typed a valid e-mail beside a cart that
-- prices. One row per address and cart (digest of what is in it): at most one reminder ever for it.
create table saved_carts (
  id uuid primary key default gen_random_uuid(),
  -- The personal key of the link back to the cart (like the other personal links: random, unguessable).
  key text not null unique check (length(key) between 32 and 64),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  digest text not null check (length(digest) = 64),
  cart jsonb not null,
  captured_at timestamptz not null,
  reminded_at timestamptz,
  -- A booking by that address after the capture, or the address suppressed: no reminder.
  cancelled_at timestamptz,
  cancel_reason text check (cancel_reason in ('booked', 'suppressed', 'switched_off')),
  created_at timestamptz not null default now()
);
create unique index saved_carts_email_digest_idx on saved_carts (lower(email), digest);
create index saved_carts_waiting_idx on saved_carts (captured_at) where reminded_at is null and cancelled_at is null;
alter table saved_carts enable row level security;

-- Addresses that asked for no more marketing-like mail (the review request, the cart reminder), with the
-- key their unsubscribe links carry. A row exists once a non-transactional message was addressed to it.
create table customer_mail_preferences (
  address text primary key check (address = lower(address) and length(address) <= 254),
  unsubscribe_key text not null unique check (length(unsubscribe_key) between 32 and 64),
  suppressed_at timestamptz,
  -- 'one-click' (the mail client's List-Unsubscribe-Post) or 'page' (the link in the body).
  suppressed_by text check (suppressed_by in ('one-click', 'page')),
  created_at timestamptz not null default now()
);
alter table customer_mail_preferences enable row level security;

-- Every message of this kind sent (or held back by the suppression list), once per dedupe key.
create table customer_messages (
  id uuid primary key default gen_random_uuid(),
  dedupe_key text not null unique check (length(dedupe_key) between 1 and 200),
  kind text not null check (kind in ('day_before', 'on_the_way', 'review_request', 'cart_reminder')),
  booking_id uuid references bookings(id) on delete cascade,
  saved_cart_id uuid references saved_carts(id) on delete cascade,
  to_address text not null,
  -- queued: by e-mail (email_id); texted: by text, where the customer agreed (text_id).
  outcome text not null check (outcome in ('queued', 'texted', 'suppressed')),
  email_id uuid,
  text_id uuid,
  -- The short text-message body of the same message, ready for the text channel where the customer agreed.
  text_body text not null default '' check (length(text_body) <= 640),
  created_at timestamptz not null
);
create index customer_messages_booking_idx on customer_messages (booking_id);
create index customer_messages_saved_cart_idx on customer_messages (saved_cart_id);
alter table customer_messages enable row level security;

-- The review request's private feedback: its personal key, and what the customer answered.
create table review_requests (
  booking_id uuid primary key references bookings(id) on delete cascade,
  key text not null unique check (length(key) between 32 and 64),
  answer text check (answer in ('happy', 'unhappy')),
  answered_at timestamptz,
  feedback_message_id uuid references contact_messages(id) on delete set null,
  created_at timestamptz not null default now()
);
create index review_requests_feedback_idx on review_requests (feedback_message_id);
alter table review_requests enable row level security;

-- Unhappy answers land in the admin inbox as their own kind.
alter table contact_messages drop constraint contact_messages_kind_check;
alter table contact_messages add constraint contact_messages_kind_check check (kind in ('contact', 'support', 'feedback'));
