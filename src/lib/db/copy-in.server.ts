import type { Writable } from 'node:stream';
import type { Sql } from './client.server';

/**
 * COPY … FROM STDIN through postgres.js, settled when PostgreSQL has taken the rows or refused them.
 *
 * The public API is `sql\`copy … from stdin\`.writable()`, and the rows go through it. But in postgres.js
 * 3.4.9 (and on its main branch when this was written) a COPY the server refuses after the stream has
 * ended never settles that stream: the query was already resolved with the stream, the server's error is
 * handed to the query's own `reject`, and the stream's end waits for ever (porsager/postgres#1173; a fix
 * is proposed in #1183, which would end the stream with the error). A restore waited for ever, holding
 * its transaction (and with --force the whole database, every table locked by the truncate).
 *
 * So this reaches one internal: the Query's own `reject` property (set in its constructor, called by the
 * connection with the server's error), wrapped to settle the load too. The reliance is checked, not
 * assumed: without that property the load is refused at once with COPY_INTERNALS_CHANGED, and
 * copy-in.server.test.ts fails on any postgres.js other than the version checked here, naming what to
 * re-check. With #1183's fix the stream's own error settles it as well; the wrapper then only adds a
 * second path to the same error.
 */
export const COPY_CHECKED_WITH_POSTGRES = '3.4.9';

export const COPY_INTERNALS_CHANGED =
  `postgres.js no longer has the internal COPY relies on (a query's own reject, checked with ${COPY_CHECKED_WITH_POSTGRES}): ` +
  'see src/lib/db/copy-in.server.ts before upgrading; nothing was loaded.';

/** What postgres.js's query is underneath its types, as checked by copyQuery. */
export interface CopyQuery {
  writable(): Promise<Writable>;
  reject: (error: unknown) => unknown;
}

/** The query with the internal checked; throws COPY_INTERNALS_CHANGED when it is not there. */
export function copyQuery(query: unknown): CopyQuery {
  const q = query as Partial<CopyQuery> | null;
  if (typeof q?.writable !== 'function' || typeof q.reject !== 'function' || !Object.prototype.hasOwnProperty.call(q, 'reject')) {
    throw new Error(COPY_INTERNALS_CHANGED);
  }
  return q as CopyQuery;
}

/** `statement` (a COPY … FROM STDIN) fed `rows`, in the caller's transaction; rejects with the server's error. */
export async function copyIn(tx: Sql, statement: string, rows: Uint8Array): Promise<void> {
  let refused: ((error: unknown) => void) | undefined;
  const query = copyQuery(tx.unsafe(statement));
  const rejectQuery = query.reject;
  query.reject = (error) => {
    refused?.(error);
    return rejectQuery(error);
  };
  const writable = await query.writable();
  await new Promise<void>((resolve, reject) => {
    refused = reject;
    writable.on('error', reject);
    writable.on('finish', resolve);
    writable.end(Buffer.from(rows));
  });
}
