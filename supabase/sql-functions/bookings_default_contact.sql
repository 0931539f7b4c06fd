-- bookings_default_contact as it is now, from supabase/migrations/20261128091000_booking_contact.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- A booking written without its contact (older code paths, hand-written rows) takes the
-- customer's as it stands at that moment.
create function bookings_default_contact() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if new.contact_name is null or new.contact_email is null or new.contact_phone is null then
    select coalesce(new.contact_name, c.name), coalesce(new.contact_email, c.email), coalesce(new.contact_phone, c.phone)
    into new.contact_name, new.contact_email, new.contact_phone
    from customers c where c.id = new.customer_id;
  end if;
  return new;
end
$$;
