-- Waivers signed on the crew's phone (issue #26): a guest at the party signs on the day screen of a
-- crew member's phone instead of their own. The waiver is stored exactly as one signed on the guest's
-- phone (the same text, version, hash, signature and PDF); these columns say where it was signed and
-- which staff member's phone it was. `signed_at` stays the moment the guest signed on the device (a
-- phone without signal sends it later); `created_at` is when it reached the server.
alter table waivers
  add column signed_on text not null default 'signer_device' check (signed_on in ('signer_device', 'crew_device')),
  add column signed_by_staff_id text references staff_user(id) on delete set null,
  add constraint waivers_staff_only_on_crew_device check (signed_by_staff_id is null or signed_on = 'crew_device');
-- Every foreign key has its index (and "which waivers did this crew member take" reads it).
create index waivers_signed_by_staff_idx on waivers (signed_by_staff_id) where signed_by_staff_id is not null;
