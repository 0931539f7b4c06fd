import type { Sql } from '../db/index.server';

/**
 * Records a proof as spent on `submissionId` (null for a form without one). False when the proof
 * was spent before on anything else: one statement, so two requests racing with the same proof
 * cannot both pass (the second waits for the first's row). The same submission may present its
 * proof again, so a form re-sent after a lost answer reaches the form's own idempotency and gets
 * its first answer; null never equals null, so a form without a submission id never does.
 */
export async function spendProof(sql: Sql, signature: string, submissionId: string | null, expiresAt: Date): Promise<boolean> {
  const rows = await sql`
    insert into spent_human_checks (signature, submission_id, expires_at)
    values (${signature}, ${submissionId}, ${expiresAt})
    on conflict (signature) do update set expires_at = excluded.expires_at
      where spent_human_checks.submission_id = excluded.submission_id
    returning 1 as spent`;
  return rows.length === 1;
}

/** Proofs of expired challenges can never be presented again: their rows are dropped (housekeeping). */
export async function deleteExpiredProofs(sql: Sql, now: Date): Promise<number> {
  const result = await sql`delete from spent_human_checks where expires_at < ${now}`;
  return result.count;
}
