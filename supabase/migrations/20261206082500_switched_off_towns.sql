-- Towns switched off keep their old addresses working: search engines and old links still send
-- visitors to a town's landing pages after staff switch the town off, and the build answers those
-- addresses with a permanent redirect to the service-areas page instead of a 404
-- (src/lib/locations/town-redirects.ts). Only a town whose pages were published ever had addresses
-- to keep, so the database records when each area was first switched on: every save that switches an
-- area on also asks for a rebuild, which publishes its pages. An area made and switched off before it
-- was ever on keeps null and gets no redirects.
alter table service_areas add column first_active_at timestamptz;

-- Areas on now have their pages on the site.
update service_areas set first_active_at = created_at where active;
-- Areas off now that were on at some point, as the audit log of staff's changes says (an entry whose
-- area was active before or after the change).
update service_areas a set first_active_at = seen.first_at
from (
  select entity_id, min(created_at) as first_at from audit_log
  where entity = 'service_area' and (after ->> 'active' = 'true' or before ->> 'active' = 'true')
  group by entity_id
) seen
where seen.entity_id = a.id::text and not a.active;

-- Set by the database, whichever path writes the area (the settings, the area builder, the setup,
-- the seed, an import), and never cleared: an area once on stays "published once".
create function service_area_first_active() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'UPDATE' then
    new.first_active_at := coalesce(old.first_active_at, new.first_active_at);
  end if;
  if new.active and new.first_active_at is null then
    new.first_active_at := now();
  end if;
  return new;
end
$$;

create trigger service_areas_first_active before insert or update on service_areas
  for each row execute function service_area_first_active();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function service_area_first_active() from %I', api_role);
  end loop;
  if found then
    revoke execute on function service_area_first_active() from public;
  end if;
end
$$;
