-- check_open_unpaid_caps as it is now, from supabase/migrations/20261128100000_unpaid_holds.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- The owner's caps on open unpaid website bookings (status hold or deposit_due, source web) per
-- contact e-mail (any case), phone (digits) and client address, counted when the booking commits:
-- a deferred constraint trigger, so the booking keeps its two round trips and the count sees every
-- booking committed before it. Each contact is a transaction advisory lock, taken here and held
-- until the commit is done, so of two bookings with one e-mail the second counts the first; they
-- wait for each other only for the length of a commit, never for a whole booking. The locks are
-- taken in one order (e-mail, phone, address, each kind its own namespace) at the very end of a
-- transaction, so no two bookings wait for each other in a circle. Raises BKL01 (e-mail), BKL02
-- (phone) or BKL03 (client address); src/lib/booking/place-booking.server.ts turns them into the
-- customer's answer. Staff, quote and phone bookings are never counted or capped.
create function check_open_unpaid_caps() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
declare
  -- Namespaces of the locks (two-key form; take_cart's "being taken" locks use 1970170228).
  email_lock constant int := 1970170229;
  phone_lock constant int := 1970170230;
  client_lock constant int := 1970170231;
  caps business_settings;
  booking bookings;
  open_count int;
begin
  select * into booking from bookings where id = new.id;
  if booking.id is null or booking.source <> 'web' or booking.status not in ('hold', 'deposit_due') then
    return null;
  end if;
  select * into caps from business_settings where id;

  perform pg_advisory_xact_lock(email_lock, hashtext(lower(booking.contact_email)));
  select count(*) into open_count from bookings
  where lower(contact_email) = lower(booking.contact_email) and status in ('hold', 'deposit_due') and source = 'web';
  if open_count > caps.max_open_unpaid_per_email then
    raise exception using errcode = 'BKL01', message = 'Too many open unpaid bookings for this e-mail address.';
  end if;

  perform pg_advisory_xact_lock(phone_lock, hashtext(phone_key(booking.contact_phone)));
  select count(*) into open_count from bookings
  where phone_key(contact_phone) = phone_key(booking.contact_phone) and status in ('hold', 'deposit_due') and source = 'web';
  if open_count > caps.max_open_unpaid_per_phone then
    raise exception using errcode = 'BKL02', message = 'Too many open unpaid bookings for this phone number.';
  end if;

  if booking.client_address is not null then
    perform pg_advisory_xact_lock(client_lock, hashtext(booking.client_address));
    select count(*) into open_count from bookings
    where client_address = booking.client_address and status in ('hold', 'deposit_due') and source = 'web';
    if open_count > caps.max_open_unpaid_per_client then
      raise exception using errcode = 'BKL03', message = 'Too many open unpaid bookings from this client address.';
    end if;
  end if;
  return null;
end
$$;
