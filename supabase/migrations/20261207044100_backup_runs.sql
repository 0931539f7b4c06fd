-- The daily backup's outcome, where the owner can see it (Settings → Business profile → Daily backup):
-- a failing backup showed only in the function's log, which nobody reads. One row a run, written by the
-- run itself: 'running' as it starts (so a run the platform cut short, out of time or memory, is told
-- apart from one still going), then 'succeeded' with the archive kept or 'failed' with the reason.
-- Not in the backups themselves (src/lib/backups/backup.server.ts, NOT_BACKED_UP): it is the record of
-- this install's backups, and a restore keeps the target's own.
create table backup_runs (
  id uuid primary key default gen_random_uuid(),
  started_at timestamptz not null,
  finished_at timestamptz,
  outcome text not null default 'running' check (outcome in ('running', 'succeeded', 'failed')),
  -- The archive kept in the Blobs store site-backups, and its size.
  backup_key text check (length(backup_key) between 1 and 200),
  bytes bigint check (bytes >= 0),
  error text check (length(error) between 1 and 2000),
  constraint backup_runs_finished check ((outcome = 'running') = (finished_at is null)),
  constraint backup_runs_kept check (outcome <> 'succeeded' or backup_key is not null),
  constraint backup_runs_reason check (outcome <> 'failed' or error is not null)
);
create index backup_runs_started_idx on backup_runs (started_at desc);
create index backup_runs_succeeded_idx on backup_runs (finished_at desc) where outcome = 'succeeded';
alter table backup_runs enable row level security;
