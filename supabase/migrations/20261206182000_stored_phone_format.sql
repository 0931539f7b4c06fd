-- Phone numbers in one shape. Customers' records and bookings' contacts were stored as typed, so the
-- desk's "5125550199" sat beside the checkout's "(512) 555-0199". From now on the server writes them
-- as src/lib/texts/phone.ts storedPhone does; this writes the rows stored before in the same shapes:
-- a US number (ten digits, or eleven starting with 1) as "(512) 555-0199", one typed with + and its
-- country code as E.164, anything else as typed with its spaces tidied.
--
-- Safe to change in place: whatever compares phone numbers compares their digits (the open-booking
-- caps' phone_key, the admin's searches, the tracking page), texts go to the E.164 number stored with
-- the consent (text_consents, untouched), and no trigger acts on these columns (bookings_accounting
-- queues work for a booking's status and money only). The audit log keeps what was typed.
create temporary table phone_shapes (typed text primary key, stored text not null);

with typed as (
  select phone as typed from customers
  union
  select contact_phone from bookings where contact_phone is not null
), tidied as (
  select typed, regexp_replace(regexp_replace(typed, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g') as t from typed
), counted as (
  select typed, t, regexp_replace(t, '\D', '', 'g') as d from tidied
)
insert into phone_shapes (typed, stored)
select typed,
  case
    when t ~* '[a-z]' then t
    when d ~ '^1?[0-9]{10}$' and (length(d) = 11 or t !~ '^\+') then regexp_replace(d, '^1?([0-9]{3})([0-9]{3})([0-9]{4})$', '(\1) \2-\3')
    when t ~ '^\+' and d ~ '^[1-9][0-9]{7,14}$' then '+' || d
    else t
  end
from counted;

update customers c set phone = s.stored from phone_shapes s where c.phone = s.typed and s.stored <> s.typed;
update bookings b set contact_phone = s.stored from phone_shapes s where b.contact_phone = s.typed and s.stored <> s.typed;

drop table phone_shapes;
