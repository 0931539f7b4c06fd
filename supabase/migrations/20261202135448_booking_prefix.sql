-- Booking numbers start with the business's own letters (issue 36): a new business no longer hands out
-- the demo's "PF-…" numbers. Every number made so far started with PF, so the existing row keeps PF and
-- its old and new numbers look alike; the default is dropped afterwards so no business gets the demo's
-- letters by omission (the seed and the empty start write theirs). 2-4 letters A-Z, as the setup and the
-- settings screen check (src/lib/reference/booking-prefix.ts); numbers already made are never rewritten,
-- so a changed prefix leaves old numbers working (lookups match the whole number, whatever its letters).
alter table business_settings add column booking_prefix text not null default 'PF' check (booking_prefix ~ '^[A-Z]{2,4}$');
alter table business_settings alter column booking_prefix drop default;
