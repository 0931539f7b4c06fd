-- A store credit that expired, or was voided, with some of it left kept its credit memo open in
-- QuickBooks for ever: the customer showed a credit they can no longer use and the books disagreed with
-- the site. What is forfeited is now written off there (an invoice of the forfeited amount with the memo
-- applied to it, src/lib/accounting, docs/decisions.md). A void is a change, queued here in its own
-- transaction; an expiry is the calendar passing, queued by the sender when it finds one.
-- The trigger's query of the credit payments not given back, which stood twice (on confirming, and on
-- cancelling a booking never confirmed), is one function both call (credit_payments_kept).

alter table accounting_queue drop constraint accounting_queue_kind_check;
alter table accounting_queue add constraint accounting_queue_kind_check
  check (kind in ('customer', 'invoice', 'invoice_change', 'payment', 'refund', 'credit', 'cancellation', 'deposit_income', 'payout', 'credit_forfeit'));

-- The credit payments of a booking not wholly given back to credit (by staff, or by a lapsed hold's
-- return): what its confirmation, or the cancellation of a booking never confirmed, sends as spent.
-- One query for both, so the two cannot drift apart.
create or replace function credit_payments_kept(p_booking_id uuid) returns table (id uuid, created_at timestamptz)
language sql
stable
set search_path = public, pg_temp
as $$
  select p.id, p.created_at from payments p
  where p.booking_id = p_booking_id and p.method = 'credit' and p.kind <> 'refund' and p.status = 'succeeded'
    and p.amount_cents > (select coalesce(sum(r.amount_cents), 0) from payments r where r.refund_of = p.id and r.status = 'succeeded')
$$;

create or replace function accounting_enqueue() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
declare
  booking bookings%rowtype;
  live constant text[] := array['confirmed', 'out_for_delivery', 'delivered', 'completed'];
  job_kind text;
begin
  -- Nothing is queued without a connection, and nothing of the demo business ever is.
  if not exists (select 1 from accounting_connections where id and status in ('connected', 'broken'))
     or exists (select 1 from business_settings where id and is_demo) then
    return null;
  end if;

  if tg_table_name = 'bookings' then
    if new.demo then return null; end if;
    if new.status = any(live) then
      if tg_op = 'INSERT' or not (old.status = any(live)) then
        insert into accounting_queue (booking_id, customer_id, kind, rank, dedupe_key)
        values (new.id, new.customer_id, 'customer', 0, 'customer:' || new.customer_id)
        on conflict (dedupe_key) do nothing;
        insert into accounting_queue (booking_id, customer_id, kind, rank, dedupe_key)
        values (new.id, new.customer_id, 'invoice', 1, 'invoice:' || new.id)
        on conflict (dedupe_key) do nothing;
        -- The credit it spent while it was a hold (below), now the sale is made; not one returned to
        -- credit meanwhile (a lapsed hold confirmed again by a late deposit).
        insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
        select new.id, new.customer_id, 'payment', 2, c.id, 'payment:' || c.id from credit_payments_kept(new.id) c
        order by c.created_at, c.id
        on conflict (dedupe_key) do nothing;
      elsif (old.total_cents, old.subtotal_cents, old.tax_cents, old.discount_cents, old.delivery_fee_cents, old.damage_waiver_cents,
             old.adjustments_cents, old.site_charges_cents, old.event_start, old.calendar_sequence)
         is distinct from (new.total_cents, new.subtotal_cents, new.tax_cents, new.discount_cents, new.delivery_fee_cents, new.damage_waiver_cents,
             new.adjustments_cents, new.site_charges_cents, new.event_start, new.calendar_sequence) then
        insert into accounting_queue (booking_id, customer_id, kind, rank) values (new.id, new.customer_id, 'invoice_change', 2);
        -- A moved party moves the day its deposits become income.
        update accounting_queue set not_before = new.event_start
        where booking_id = new.id and kind = 'deposit_income' and status = 'waiting';
      end if;
    elsif tg_op = 'UPDATE' and new.status = 'cancelled' and old.status <> 'cancelled'
      and (old.status = any(live)
        -- Never confirmed but money taken: its payment gets it an invoice (of the whole booking), and
        -- the cancellation leaves on it what was kept, as it does for a confirmed booking.
        or exists (select 1 from payments p where p.booking_id = new.id and p.status = 'succeeded' and p.kind <> 'refund')) then
      -- The credit a never-confirmed booking spent and the cancellation kept is money taken like any other
      -- (not what staff already gave back to credit).
      if not (old.status = any(live)) then
        insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
          select new.id, new.customer_id, 'payment', 2, c.id, 'payment:' || c.id from credit_payments_kept(new.id) c
          order by c.created_at, c.id
          on conflict (dedupe_key) do nothing;
      end if;
      insert into accounting_queue (booking_id, customer_id, kind, rank, dedupe_key)
      values (new.id, new.customer_id, 'cancellation', 2, 'cancellation:' || new.id)
      on conflict (dedupe_key) do nothing;
      -- What the cancellation keeps of the deposits held is earned now, not on the party's day.
      update accounting_queue set not_before = now()
      where booking_id = new.id and kind = 'deposit_income' and status = 'waiting';
    end if;
    return null;
  end if;

  if tg_table_name = 'payments' then
    if new.status <> 'succeeded' or (tg_op = 'UPDATE' and old.status = 'succeeded') then return null; end if;
    select * into booking from bookings where id = new.booking_id;
    if booking.demo then return null; end if;
    if new.kind = 'refund' and new.method = 'credit' then
      -- Credit spent and given back to the credits it came from (a staff refund to credit, a cancellation's
      -- refund, a lapsed hold): its credit memo must come off the invoice it was applied to, once that
      -- application was queued. A credit payment not queued yet is applied net of it when it is.
      -- Money moved into a new customer credit is that credit's own memo (customer_credits), not a refund.
      if exists (select 1 from payments s where s.id = new.refund_of and s.method = 'credit' and s.kind <> 'refund')
         and exists (select 1 from accounting_queue q where q.dedupe_key = 'payment:' || new.refund_of) then
        insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
        values (new.booking_id, booking.customer_id, 'refund', 2, new.id, 'refund:' || new.id)
        on conflict (dedupe_key) do nothing;
      end if;
      return null;
    end if;
    -- Credit spent on a hold (part of a website deposit) waits for the booking to be confirmed or
    -- cancelled: its payment would make QuickBooks an invoice of the whole party at once, and a hold that
    -- lapses gets its credit back (returnLapsedCredit), leaving nothing sold and nothing to send.
    if new.method = 'credit' and new.kind <> 'refund' and not (booking.status = any(live)) then return null; end if;
    job_kind := case when new.kind = 'refund' then 'refund' else 'payment' end;
    insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
    values (new.booking_id, booking.customer_id, job_kind, 2, new.id, job_kind || ':' || new.id)
    on conflict (dedupe_key) do nothing;
    -- Money taken before the party waits in the deposit liability until its day (when the owner keeps it so).
    if job_kind = 'payment' and new.created_at < booking.event_start
       and exists (select 1 from accounting_connections where id and defer_deposits) then
      insert into accounting_queue (booking_id, customer_id, kind, rank, dedupe_key, not_before)
      values (new.booking_id, booking.customer_id, 'deposit_income', 2, 'deposit_income:' || new.booking_id, booking.event_start)
      on conflict (dedupe_key) do nothing;
    end if;
    return null;
  end if;

  if tg_table_name = 'stripe_payouts' then
    -- A payout is the business's own money (no booking): queued once, by Stripe's payout id.
    insert into accounting_queue (kind, rank, source_id, dedupe_key)
    values ('payout', 2, new.id, 'payout:' || new.stripe_payout_id)
    on conflict (dedupe_key) do nothing;
    return null;
  end if;

  -- customer_credits
  if exists (select 1 from bookings where id = new.source_booking_id and demo) then return null; end if;
  if tg_op = 'UPDATE' then
    -- Voided with some of it left: that part is forfeited, so its memo must not stay open in QuickBooks.
    -- Only a credit whose memo was sent or queued (one issued before connecting has none to close).
    if new.voided_at is not null and old.voided_at is null and new.remaining_cents > 0
       and (exists (select 1 from accounting_objects o where o.local_key = 'credit:' || new.id)
         or exists (select 1 from accounting_queue q where q.dedupe_key = 'credit:' || new.id)) then
      insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
      values (new.source_booking_id, new.customer_id, 'credit_forfeit', 2, new.id, 'credit_forfeit:' || new.id)
      on conflict (dedupe_key) do nothing;
    end if;
    return null;
  end if;
  insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
  values (new.source_booking_id, new.customer_id, 'credit', 2, new.id, 'credit:' || new.id)
  on conflict (dedupe_key) do nothing;
  return null;
end
$$;

drop trigger customer_credits_accounting on customer_credits;
create trigger customer_credits_accounting after insert or update of voided_at on customer_credits
  for each row execute function accounting_enqueue();

-- Not RPC endpoints: where the Data API roles exist, nobody but the owner may call them.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function credit_payments_kept(uuid) from %I', api_role);
  end loop;
  if found then
    revoke execute on function credit_payments_kept(uuid) from public;
  end if;
end
$$;
