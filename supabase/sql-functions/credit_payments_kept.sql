-- credit_payments_kept as it is now, from supabase/migrations/20261206214000_credit_forfeit.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

create or replace function credit_payments_kept(p_booking_id uuid) returns table (id uuid, created_at timestamptz)
language sql
stable
set search_path = public, pg_temp
as $$
  select p.id, p.created_at from payments p
  where p.booking_id = p_booking_id and p.method = 'credit' and p.kind <> 'refund' and p.status = 'succeeded'
    and p.amount_cents > (select coalesce(sum(r.amount_cents), 0) from payments r where r.refund_of = p.id and r.status = 'succeeded')
$$;

