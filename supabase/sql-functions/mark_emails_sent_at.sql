-- mark_emails_sent_at as it is now, from supabase/migrations/20261129170000_booking_admission.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- Messages sent, each at its own time (src/lib/email/outbox.server.ts, markSent): p {sent: [{id, at}]}.
-- As mark_emails_sent (20261127090000_booking_round_trips.sql), for the messages of several requests
-- in one statement.
create function mark_emails_sent_at(p jsonb) returns void
language plpgsql
set search_path = public, pg_temp
as $$
begin
  update outbound_emails e set status = 'sent', sent_at = s.at, last_error = null
  from jsonb_to_recordset(p->'sent') as s (id uuid, at timestamptz)
  where e.id = s.id;
end
$$;
