-- Crew actions sent again (issue #26): the crew app queues a status move, a payment, a note or a damage
-- report while the phone has no signal and sends it when the connection returns, each with a key the
-- device made (the Idempotency-Key header). The key is written in the same transaction as the change
-- (and its audit entry), so a repeat finds it and gets the first answer back instead of a second change.
create table staff_request_keys (
  key uuid primary key,
  staff_id text not null references staff_user(id) on delete cascade,
  method text not null check (method in ('POST', 'PUT', 'PATCH', 'DELETE')),
  path text not null check (length(path) between 1 and 500),
  -- SHA-256 of the method, path and body: the same key with another request is refused.
  request_hash bytea not null check (length(request_hash) = 32),
  -- The first answer, stored right after the change commits (null for that instant).
  response_status integer check (response_status between 200 and 599),
  response_body jsonb,
  created_at timestamptz not null default now()
);
create index staff_request_keys_staff_idx on staff_request_keys (staff_id);
-- Housekeeping forgets keys after 30 days (a phone's queue never holds an action that long).
create index staff_request_keys_created_idx on staff_request_keys (created_at);
alter table staff_request_keys enable row level security;
