-- mark_emails_sent as it is now, from supabase/migrations/20261127090000_booking_round_trips.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- Messages a request has just sent (src/lib/email/outbox.server.ts): p {ids, at}.
create function mark_emails_sent(p jsonb) returns void
language plpgsql
set search_path = public, pg_temp
as $$
begin
  update outbound_emails set status = 'sent', sent_at = (p->>'at')::timestamptz, last_error = null
  where id = any (array(select jsonb_array_elements_text(p->'ids'))::uuid[]);
end
$$;
