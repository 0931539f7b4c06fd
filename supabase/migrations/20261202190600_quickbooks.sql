-- QuickBooks Online kept in step (issue #41): one connection (Intuit OAuth 2.0, its tokens encrypted by
-- the site before they are stored), the owner's mapping of the site's money to QuickBooks items and
-- accounts, and a durable queue of what is to be sent. Triggers queue each change in the transaction
-- that makes it, whatever code path makes it (a webhook, the desk, the customer's own change, a SQL
-- function), so nothing can be changed without its item; src/lib/accounting sends the queue.

create table accounting_connections (
  id boolean primary key default true check (id),
  -- connected: sending; broken: QuickBooks refused the tokens (sending stops until the owner reconnects);
  -- disconnected: nothing is queued or sent.
  status text not null check (status in ('connected', 'broken', 'disconnected')),
  realm_id text check (realm_id ~ '^[0-9]{1,32}$'),
  -- AES-256-GCM (src/lib/accounting/token-crypto.server.ts): iv.tag.ciphertext, base64url.
  access_token_enc text,
  refresh_token_enc text,
  access_expires_at timestamptz,
  refresh_expires_at timestamptz,
  broken_reason text check (length(broken_reason) <= 500),
  -- The OAuth `state` of a connection being made (checked on Intuit's redirect), and until when.
  oauth_state text,
  oauth_state_expires_at timestamptz,
  -- Which QuickBooks item or account each kind of money posts to (accounting-mapping.ts).
  mapping jsonb not null default '{}',
  -- Deposits taken before the party are held in the deposit liability until its day (on by default).
  defer_deposits boolean not null default true,
  -- One sender at a time: a run holds this lease while it sends.
  sending_until timestamptz,
  connected_at timestamptz,
  connected_by text,
  updated_at timestamptz not null default now()
);
alter table accounting_connections enable row level security;

create table accounting_queue (
  id uuid primary key default gen_random_uuid(),
  -- The order things happened in: a booking's items are sent in this order (after `rank`).
  seq bigint generated always as identity unique,
  booking_id uuid references bookings(id) on delete cascade,
  customer_id uuid references customers(id) on delete cascade,
  kind text not null check (kind in ('customer', 'invoice', 'invoice_change', 'payment', 'refund', 'credit', 'cancellation', 'deposit_income')),
  -- 0 customer, 1 invoice, 2 the rest: a booking's customer and invoice go before anything that refers to them.
  rank smallint not null check (rank between 0 and 2),
  -- The payment or credit it sends.
  source_id uuid,
  -- QuickBooks' requestid: the same for every attempt, so a retry after a lost answer creates nothing twice.
  request_id uuid not null unique default gen_random_uuid(),
  dedupe_key text unique check (length(dedupe_key) <= 200),
  status text not null default 'waiting' check (status in ('waiting', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- Not sent before (the deposits' move to income waits for the party).
  not_before timestamptz,
  -- QuickBooks' own message for the last failure.
  last_error text check (length(last_error) <= 1000),
  qbo_type text,
  qbo_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint accounting_queue_sent check ((status = 'sent') = (sent_at is not null))
);
alter table accounting_queue enable row level security;
create index accounting_queue_booking_idx on accounting_queue (booking_id);
create index accounting_queue_customer_idx on accounting_queue (customer_id);
create index accounting_queue_open_idx on accounting_queue (rank, seq) where status <> 'sent';

-- What each of the site's records is in QuickBooks: 'customer:<id>', 'invoice:<booking id>',
-- 'payment:<payment id>', ... with the SyncToken an update must carry and the amount posted.
create table accounting_objects (
  local_key text primary key check (length(local_key) <= 200),
  qbo_type text not null,
  qbo_id text not null,
  sync_token text not null default '0',
  -- What it posted, in cents (a deposit held, a refund taken from it), for the journal entries.
  amount_cents integer,
  -- For a payment: 'liability' when it was held as a deposit, 'invoice' when applied to the invoice.
  posted_as text,
  updated_at timestamptz not null default now()
);
alter table accounting_objects enable row level security;

create function accounting_enqueue() returns trigger
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
      elsif (old.total_cents, old.subtotal_cents, old.tax_cents, old.discount_cents, old.delivery_fee_cents, old.damage_waiver_cents,
             old.adjustments_cents, old.site_charges_cents, old.event_start, old.calendar_sequence)
         is distinct from (new.total_cents, new.subtotal_cents, new.tax_cents, new.discount_cents, new.delivery_fee_cents, new.damage_waiver_cents,
             new.adjustments_cents, new.site_charges_cents, new.event_start, new.calendar_sequence) then
        insert into accounting_queue (booking_id, customer_id, kind, rank) values (new.id, new.customer_id, 'invoice_change', 2);
        -- A moved party moves the day its deposits become income.
        update accounting_queue set not_before = new.event_start
        where booking_id = new.id and kind = 'deposit_income' and status = 'waiting';
      end if;
    elsif tg_op = 'UPDATE' and new.status = 'cancelled' and old.status = any(live) then
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
    -- Money moved into a customer credit is the credit memo of that credit (customer_credits), not a refund.
    if new.kind = 'refund' and new.method = 'credit' then return null; end if;
    select * into booking from bookings where id = new.booking_id;
    if booking.demo then return null; end if;
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

  -- customer_credits
  if exists (select 1 from bookings where id = new.source_booking_id and demo) then return null; end if;
  insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key)
  values (new.source_booking_id, new.customer_id, 'credit', 2, new.id, 'credit:' || new.id)
  on conflict (dedupe_key) do nothing;
  return null;
end
$$;

create trigger bookings_accounting after insert or update on bookings
  for each row execute function accounting_enqueue();
create trigger payments_accounting after insert or update of status on payments
  for each row execute function accounting_enqueue();
create trigger customer_credits_accounting after insert on customer_credits
  for each row execute function accounting_enqueue();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function accounting_enqueue() from %I', api_role);
  end loop;
  if found then
    revoke execute on function accounting_enqueue() from public;
  end if;
end
$$;
