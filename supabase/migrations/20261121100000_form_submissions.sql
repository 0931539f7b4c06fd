-- Customer forms: quotes, contact and support messages, product suggestions, cake orders and
-- signed waivers. The tables exist since the initial schema; this adds what the public forms need
-- to be safe against double submits and what a signed waiver must prove later.

-- Every form generates a random id once per filled-in form and sends it with each attempt. A double
-- click or a retry after a timeout therefore hits the unique index and stores nothing new: the
-- service answers with the reference of the row that is already there.
alter table quotes add column submission_id uuid unique;
alter table contact_messages add column submission_id uuid unique;
alter table product_suggestions add column submission_id uuid unique;
alter table cake_orders add column submission_id uuid unique;
alter table waivers add column submission_id uuid unique;

-- Waivers: the exact text the signer agreed to is kept next to its hash, so the hash can be
-- re-checked at any time (text_sha256 = sha256 of signed_text). The PDF's own hash proves that the
-- stored document was not changed. The download link in the signer's e-mail carries a random token
-- (pdf_token), so knowing a waiver's id is not enough to download it.
alter table waivers
  add column signed_text text,
  add column pdf_sha256 text check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  add column pdf_token text check (length(pdf_token) >= 32),
  add constraint waivers_signed_text_not_empty check (signed_text is null or length(signed_text) > 0);
create index waivers_signed_at_idx on waivers (signed_at);

-- Guests sign at the party from a QR code, without knowing the renter's e-mail: the code carries
-- this per-booking key instead. Volatile default: every existing and future booking gets its own.
alter table bookings add column waiver_key text not null default replace(gen_random_uuid()::text, '-', '');
create unique index bookings_waiver_key_key on bookings (waiver_key);

-- Cake orders keep the itemised price the server computed ([{label, amountCents}]), so staff and
-- the customer see why a cake costs what it does even after the price rule changes.
alter table cake_orders
  add column price_lines jsonb not null default '[]',
  add column reference_photo_type text check (reference_photo_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif'));

-- Staff lists are newest first.
create index quotes_created_idx on quotes (created_at desc);
create index cake_orders_created_idx on cake_orders (created_at desc);
create index cake_orders_needed_on_idx on cake_orders (needed_on);
create index contact_messages_created_idx on contact_messages (created_at desc);
create index product_suggestions_created_idx on product_suggestions (created_at desc);
