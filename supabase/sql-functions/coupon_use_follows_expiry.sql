-- coupon_use_follows_expiry as it is now, from supabase/migrations/20261206063000_coupon_uses_of_expired_bookings.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

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
