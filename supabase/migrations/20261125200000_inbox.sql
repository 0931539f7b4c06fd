-- One inbox: staff mark contact and support messages handled. The old status column ('new',
-- 'answered', 'closed') was never set by anything; handled_at is the one mark now, and the status
-- follows it ('new' / 'answered') so nothing reading status is misled.
alter table contact_messages
  add column handled_at timestamptz,
  add column handled_by text check (length(handled_by) <= 200);

update contact_messages set handled_at = created_at where status <> 'new' and handled_at is null;

-- The inbox lists new messages first, newest first; a message's history is found by e-mail.
create index contact_messages_unhandled_idx on contact_messages (created_at desc) where handled_at is null;
create index contact_messages_email_idx on contact_messages (lower(email));
create index quotes_email_idx on quotes (lower(email));
