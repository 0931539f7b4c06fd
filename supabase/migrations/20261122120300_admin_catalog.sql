-- Admin catalog: uploaded product photos live in file storage (local disk or Supabase Storage) and are
-- served by /api/product-photos/{file}; storage_path says where. Seed photos (static files under
-- /images) have none. created_at orders uploads made in the same second.
alter table product_photos add column storage_path text unique;
alter table product_photos add column created_at timestamptz not null default now();

-- Publishing: why a build hook call failed, for the status panel; and the pending/failed rows are
-- what housekeeping looks at every 5 minutes.
alter table site_builds add column error text;
create index site_builds_waiting_idx on site_builds (requested_at) where status in ('pending', 'failed');
