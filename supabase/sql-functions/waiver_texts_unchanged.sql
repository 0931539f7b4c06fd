-- waiver_texts_unchanged as it is now, from supabase/migrations/20261202230501_waiver_texts.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- A published waiver text stays as it was: only the lawyer's review (and a staff account's removal) may change a row.
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
