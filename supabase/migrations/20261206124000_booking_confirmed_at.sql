-- When a booking was confirmed (its deposit paid, staff confirmed it, or it was placed confirmed): the
-- moment its sale happened. QuickBooks' invoice of a booking is dated by it when deposits are not held
-- (src/lib/accounting/sync.server.ts), however late the invoice is sent: a connection down for a week,
-- a mapping finished later or "Send again from a date" no longer puts the sale in the period it was sent in.
alter table bookings add column confirmed_at timestamptz;

-- Bookings confirmed before the column: the earliest sign of the confirmation that the records keep,
-- never before the booking was placed. The signs: staff confirming it (a status change, or a deposit
-- collected at the door, in the audit log); staff placing it confirmed (the desk, a quote converted);
-- its invoice queued for QuickBooks (the trigger queues it the moment the booking is confirmed); the
-- payment with which what was paid first covered the deposit (a paid deposit confirms a booking).
with signs as (
  select b.id as booking_id, a.created_at as at from audit_log a join bookings b on b.id::text = a.entity_id
  where a.entity = 'booking' and (
    (a.action = 'booking.status' and a.after ->> 'status' = 'confirmed')
    or (a.action = 'booking.create' and a.after ->> 'status' = 'confirmed'))
  union all
  select b.id, a.created_at from audit_log a join bookings b on b.id::text = a.after ->> 'bookingId'
  where a.entity = 'quote' and a.action = 'quote.convert' and a.after ->> 'bookingStatus' = 'confirmed'
  union all
  select booking_id, created_at from accounting_queue where kind = 'invoice' and booking_id is not null
  union all
  select booking_id, created_at from (
    select p.booking_id, p.created_at, b.deposit_cents,
      sum(p.amount_cents) over (partition by p.booking_id order by p.created_at, p.id) as paid
    from payments p join bookings b on b.id = p.booking_id
    where p.status = 'succeeded' and p.kind <> 'refund'
  ) running
  where running.deposit_cents > 0 and running.paid >= running.deposit_cents
),
first_sign as (select booking_id, min(at) as at from signs group by booking_id)
update bookings b set confirmed_at = greatest(b.created_at, s.at)
from first_sign s
where s.booking_id = b.id and b.status in ('confirmed', 'out_for_delivery', 'delivered', 'completed', 'cancelled');
-- Confirmed with no sign kept: placed so (the seed's bookings, an import), so when it was placed.
update bookings set confirmed_at = created_at
where confirmed_at is null and status in ('confirmed', 'out_for_delivery', 'delivered', 'completed');

-- Set by the database whichever path confirms a booking (the Stripe webhook, the desk, a payment at the
-- door, place_booking for a booking placed confirmed, the seed), and never cleared nor moved: a
-- cancelled booking keeps when it had been confirmed. A path that knows its own clock sets it (the
-- webhook, a status change); a booking inserted confirmed gets the time it was placed; any other, the
-- transaction's time.
create function bookings_confirmed_at() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' then
    new.confirmed_at := coalesce(old.confirmed_at, new.confirmed_at);
  end if;
  if new.confirmed_at is null and new.status in ('confirmed', 'out_for_delivery', 'delivered', 'completed') then
    new.confirmed_at := case when tg_op = 'INSERT' then coalesce(new.created_at, now()) else now() end;
  end if;
  return new;
end
$$;

create trigger bookings_confirmed_at before insert or update on bookings
  for each row execute function bookings_confirmed_at();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function bookings_confirmed_at() from %I', api_role);
  end loop;
  if found then
    revoke execute on function bookings_confirmed_at() from public;
  end if;
end
$$;
