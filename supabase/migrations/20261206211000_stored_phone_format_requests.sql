-- Quote requests' and cake orders' phone numbers in the same one shape as customers' and bookings'
-- (20261206182000_stored_phone_format.sql): the forms have stored them as src/lib/texts/phone.ts
-- storedPhone does since then, but the rows stored before kept theirs as typed, so a request's
-- "5125550199" sat beside the booking it became, "(512) 555-0199". The same shapes as that migration:
-- a US number (ten digits, or eleven starting with 1) as "(512) 555-0199", one typed with + and its
-- country code as E.164, anything else as typed with its spaces tidied (a quote without a phone keeps '').
--
-- Safe to change in place: whatever compares phone numbers compares their digits (the admin's searches,
-- the tracking page), no trigger acts on these tables, and updated_at is left alone (a format change,
-- not an edit by anyone).
create temporary table phone_shapes (typed text primary key, stored text not null);

with typed as (
  select phone as typed from quotes
  union
  select phone from cake_orders
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

update quotes q set phone = s.stored from phone_shapes s where q.phone = s.typed and s.stored <> s.typed;
update cake_orders o set phone = s.stored from phone_shapes s where o.phone = s.typed and s.stored <> s.typed;

drop table phone_shapes;
