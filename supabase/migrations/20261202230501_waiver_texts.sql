-- The waiver's text per language, owner-editable (issue #40). Each row is one published version of one
-- language's text; the newest of a language is what its signers are shown. A version is never edited
-- once published (a signature names it, beside the SHA-256 of the exact text shown): a change is a new
-- row. `content` null: the text shipped with the code (src/lib/waivers/waiver-text.ts, waiver-text-es.ts),
-- recorded here so the owner can confirm their lawyer's review of it; otherwise the title, intro, rules
-- and sections as the owner published them (src/lib/waivers/waiver-texts.ts checks their shape).
create table waiver_texts (
  id uuid primary key default gen_random_uuid(),
  language text not null check (language in ('en', 'es')),
  version text not null check (version ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,39}$'),
  content jsonb,
  needs_legal_review boolean not null default false,
  published_at timestamptz not null default now(),
  published_by text references staff_user(id) on delete set null,
  reviewed_at timestamptz,
  reviewed_by text references staff_user(id) on delete set null,
  unique (language, version)
);
create index waiver_texts_current on waiver_texts (language, published_at desc);
create index waiver_texts_published_by on waiver_texts (published_by);
create index waiver_texts_reviewed_by on waiver_texts (reviewed_by);
alter table waiver_texts enable row level security;

-- The texts shipped so far: English 2026-11 (signed since the start) and the Spanish translation,
-- which waits for the owner's lawyer.
insert into waiver_texts (language, version, content, needs_legal_review, published_at) values
  ('en', '2026-11', null, false, '2026-11-01T00:00:00Z'),
  ('es', '2026-12-es', null, true, '2026-12-01T00:00:00Z');

-- A published text stays as it was: only the lawyer's review (and a staff account's removal) may change a row.
create function waiver_texts_unchanged() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  if new.language is distinct from old.language or new.version is distinct from old.version
     or new.content is distinct from old.content or new.published_at is distinct from old.published_at then
    raise exception 'waiver text % (%) is published and cannot change; publish a new version', old.version, old.language
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger waiver_texts_unchanged before update on waiver_texts
  for each row execute function waiver_texts_unchanged();

-- Not an RPC endpoint: where the Data API roles exist, nobody but the owner may call it.
do $$
declare
  api_role text;
begin
  for api_role in select rolname from pg_roles where rolname in ('anon', 'authenticated') loop
    execute format('revoke all on function waiver_texts_unchanged() from %I', api_role);
  end loop;
  if found then
    revoke execute on function waiver_texts_unchanged() from public;
  end if;
end
$$;
