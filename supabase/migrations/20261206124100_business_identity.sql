-- The business's identity: made once, when the install first stores its business, and carried by its
-- backups and restored with them, so it stays the same when the name, the address or the host change.
-- A backup names it (manifest.json) and `npm run restore` refuses to put one business's backup over
-- another's site unless the owner says so (src/lib/backups/restore.server.ts). Each existing install
-- gets its own now.
alter table business_settings add column business_id uuid not null default gen_random_uuid();
