-- A widget's cart counts for its host site once: for the first booking that names it
-- (embed/embed.server.ts, recordBookingOrigin). A later booking naming the same cart (a tab duplicated
-- with it, a request sent again by hand) is counted as direct.
alter table embed_cart_redemptions add column booking_id uuid unique references bookings(id) on delete set null;
