-- Issue #23: customers imported from another system bring their address (bookings keep their own
-- event address; this is where the customer lives or is billed). Empty for customers from bookings.
alter table customers
  add column address_line1 text not null default '' check (length(address_line1) <= 200),
  add column address_line2 text not null default '' check (length(address_line2) <= 200),
  add column address_city text not null default '' check (length(address_city) <= 100),
  add column address_state text not null default '' check (address_state = '' or address_state ~ '^[A-Z]{2}$'),
  add column address_zip text not null default '' check (address_zip = '' or address_zip ~ '^\d{5}$');
