-- spend_proof_within_limit as it is now, from supabase/migrations/20261129170000_booking_admission.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- The booking request's rate-limit hit and the spending of its human-check proof, in one call
-- (src/lib/human-check/index.server.ts, checkedRequestWithinLimit): p {key, windowStart, limit,
-- signature, submissionId, expiresAt}. The proof is spent as spendProof spends it
-- (src/lib/human-check/spent-proofs.server.ts): 'used' when it was spent before on anything else.
-- The hit is counted as count_rate_limit_hit counts it, last, so the window's row (one for every
-- request from an address) stays locked only for the end of this call; over the limit the answer is
-- 'limited' and a proof spent here is taken back (as when the 429 came before the proof was looked
-- at). Only a row this call inserted is taken back: one re-presented by its own submission was
-- spent already.
create function spend_proof_within_limit(p jsonb) returns text
language plpgsql
set search_path = public, pg_temp
as $$
declare
  hits integer;
  inserted boolean;
begin
  insert into spent_human_checks (signature, submission_id, expires_at)
  values (p->>'signature', (p->>'submissionId')::uuid, (p->>'expiresAt')::timestamptz)
  on conflict (signature) do update set expires_at = excluded.expires_at
    where spent_human_checks.submission_id = excluded.submission_id
  returning xmax = 0 into inserted;

  insert into rate_limits (key, window_start) values (p->>'key', (p->>'windowStart')::timestamptz)
  on conflict (key, window_start) do update set hits = rate_limits.hits + 1
  returning rate_limits.hits into hits;
  if hits > (p->>'limit')::integer then
    if inserted then
      delete from spent_human_checks where signature = p->>'signature';
    end if;
    return 'limited';
  end if;
  return case when inserted is null then 'used' else 'spent' end;
end
$$;
