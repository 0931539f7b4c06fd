-- A booking written without a contact (by hand, an import, an older script) takes its customer's
-- details as they are at that moment, as 20261128091000_booking_contact.sql did for the bookings
-- already stored. Every booking the application makes gives its own contact, which this never touches.
create or replace function booking_contact_from_customer() returns trigger
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

create trigger bookings_contact_from_customer
before insert on bookings
for each row
when (new.contact_name is null or new.contact_email is null or new.contact_phone is null)
execute function booking_contact_from_customer();

-- Not an RPC endpoint (see 20261127090000_booking_round_trips.sql).
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function booking_contact_from_customer() from %I', api_role);
  end loop;
  if found then
    revoke execute on function booking_contact_from_customer() from public;
  end if;
end
$$;
