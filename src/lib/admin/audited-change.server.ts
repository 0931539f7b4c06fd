import type { Audit, AuditEntry } from '../auth/index.server';
import type { Database, Sql, Transaction } from '../db/index.server';
import { AppError } from '../http';
import { requestRebuild } from '../publishing/index.server';

/**
 * The steps of one staff change, in the order they run inside its transaction. Each step sees what
 * the earlier ones produced; a step that throws (an AppError: 404, 409, a field error) rolls
 * everything back, the audit entry and the rebuild request included.
 */
export interface AuditedChange<Locked, Result, Tx extends Sql = Sql> {
  /**
   * Reads what the change depends on and locks its rows (`for update`), so nothing changes them
   * between the check and the commit; throws not_found for a record that is not there.
   */
  lock?: (tx: Tx) => Promise<Locked>;
  /** Refuses the change from what was locked (throws); nothing has been written yet. */
  check?: (locked: Locked, tx: Tx) => unknown;
  /** Writes the change; what it returns is the service's answer. */
  change: (tx: Tx, locked: Locked) => Promise<Result>;
  /** The audit entry for the change (or entries, written in order), from what was locked and what changed. */
  audit: (result: Result, locked: Locked) => AuditEntry | AuditEntry[];
  /**
   * Why the static pages must be rebuilt, when they show what changed (the request goes in with the
   * change; the build itself is debounced). Nothing, or no step: the pages do not show it.
   */
  rebuild?: (result: Result, locked: Locked) => string | null | undefined | false;
}

/**
 * One audited staff change in its own transaction: lock → check → change → audit → rebuild request.
 * The services' changes go through here so none forgets its audit entry or rebuild request, and
 * none writes them outside the change's transaction.
 */
export function auditedChange<Locked = undefined, Result = unknown>(db: Database, audit: Audit, steps: AuditedChange<Locked, Result, Transaction>): Promise<Result> {
  return db.begin((tx) => auditedChangeIn(tx, audit, steps)) as Promise<Result>;
}

/** auditedChange inside the caller's transaction, for a change that is one part of a larger one. */
export async function auditedChangeIn<Locked = undefined, Result = unknown, Tx extends Sql = Sql>(tx: Tx, audit: Audit, steps: AuditedChange<Locked, Result, Tx>): Promise<Result> {
  const locked = (steps.lock ? await steps.lock(tx) : undefined) as Locked;
  await steps.check?.(locked, tx);
  const result = await steps.change(tx, locked);
  for (const entry of [steps.audit(result, locked)].flat()) await audit(tx, entry);
  const reason = steps.rebuild?.(result, locked);
  if (reason) await requestRebuild(tx, reason);
  return result;
}

/** A lock step's row (`select … for update` by id), or a 404 in the words of what is not there. */
export function lockedRow<Row>(rows: readonly Row[], missing: string): Row {
  const [row] = rows;
  if (!row) throw new AppError('not_found', missing);
  return row;
}
