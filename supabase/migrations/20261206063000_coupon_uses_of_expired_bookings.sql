-- A booking that expires unpaid gives its coupon use back. Placing a booking takes one use of its
-- coupon (take_cart), and nothing gave it back when the booking lapsed: a one-use code tried at
-- checkout and left on the payment page was used up by a booking that never happened, and the next
-- customer (or the same one trying again) was refused it. A trigger rather than each path's own
-- statement, because bookings expire in several places (release_unpaid_bookings, a Stripe payment
-- page that expired or could not open, staff marking a booking expired) and come back in one (a
-- deposit paid after the hold ended, when the units are still free).
-- Cancelled bookings keep their use: the customer did book with the code.

create function coupon_use_follows_expiry() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if new.status = 'expired' then
    update coupons set times_used = greatest(times_used - 1, 0) where id = new.coupon_id;
  else
    -- Back from expired (paid late, units still free): the booking is honoured with its discount;
    -- the use is taken again when the limit leaves room for it, and never beyond the limit.
    update coupons set times_used = times_used + 1
    where id = new.coupon_id and (usage_limit is null or times_used < usage_limit);
  end if;
  return null;
end
$$;

create trigger bookings_coupon_use after update of status on bookings
  for each row
  when (new.coupon_id is not null and old.status is distinct from new.status and (new.status = 'expired' or old.status = 'expired'))
  execute function coupon_use_follows_expiry();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function coupon_use_follows_expiry() from %I', api_role);
  end loop;
  if found then
    revoke execute on function coupon_use_follows_expiry() from public;
  end if;
end
$$;
