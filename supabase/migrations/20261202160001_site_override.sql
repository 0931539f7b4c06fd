-- Staff booking anyway what the yard check refuses (issue #38, "one engine"): the desk's override with
-- its reason, who gave it, when, and the refusals it covered (src/lib/site-check/site-override.ts).
-- Null: nothing was overridden. Written in the booking's own transaction, beside its audit entry; a
-- change of the booking keeps it only while it still covers a refusal.
alter table bookings add column site_override jsonb
  check (site_override is null or (jsonb_typeof(site_override) = 'object' and length(site_override->>'reason') between 1 and 300));
