-- The human check on public forms (issue #22, src/lib/human-check): each solved proof-of-work
-- challenge is accepted once. A proof is recorded here when a form using it is accepted; inserting
-- its signature again is refused, except for the same submission (a form re-sent with the same
-- submissionId gets its first answer). Rows are useless once the challenge has expired: housekeeping
-- deletes them.
create table spent_human_checks (
  -- The challenge's HMAC signature (hex), which covers its random nonce, salt and expiry.
  signature text primary key check (length(signature) between 32 and 256),
  -- The form submission the proof was spent on (forms that carry a submissionId); null otherwise.
  submission_id uuid,
  expires_at timestamptz not null
);
create index spent_human_checks_expires_idx on spent_human_checks (expires_at);
alter table spent_human_checks enable row level security;
