import { createHash } from 'node:crypto';
import type { Sql } from '../db/index.server';
import { AppError, readBody } from '../http';

/**
 * Requests sent more than once, answered once (issue #26): the crew app queues an action taken without
 * signal and sends it when the connection returns, with a key the device made (`Idempotency-Key`,
 * a UUID). A route that opts in (`once: true` in adminRoute) writes the key in the same transaction as
 * its change and audit entry; a repeat of the key finds it and gets the first answer back, with
 * `Idempotent-Replayed: true`, instead of making the change twice. The same key from another staff
 * member, or with another method, address or body, is refused (409).
 */
export const REQUEST_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Bodies are hashed as read: larger than any admin request Netlify accepts (6 MB). */
const MAX_HASHED_BYTES = 8 * 1024 * 1024;
/** How long a repeat waits for the first request's answer to be stored (it is, right after its commit). */
const ANSWER_WAIT_MS = 5000;
const ANSWER_POLL_MS = 100;
/** Keys older than this are forgotten by housekeeping: no phone holds an action in its queue that long. */
export const REQUEST_KEY_DAYS = 30;

export interface RequestKey {
  key: string;
  staffId: string;
  method: string;
  path: string;
  hash: Buffer;
}

const keyMessage = 'Idempotency-Key must be a UUID made by the device for this one request.';

/** The request's key, or null when it sends none (then nothing is de-duplicated). A malformed key is a 400. */
export async function requestKeyOf(req: Request, staffId: string, path: string): Promise<RequestKey | null> {
  const header = req.headers.get(REQUEST_KEY_HEADER);
  if (header === null) return null;
  const key = header.trim().toLowerCase();
  if (!UUID.test(key)) throw new AppError('validation', keyMessage, { 'Idempotency-Key': keyMessage });
  const body = await readBody(req.clone(), MAX_HASHED_BYTES);
  const hash = createHash('sha256').update(`${req.method}\n${path}\n`).update(body).digest();
  return { key, staffId, method: req.method, path, hash };
}

const reused = () =>
  new AppError('conflict', 'This request key was already used for a different request. Nothing was changed.', {
    'Idempotency-Key': 'Already used for a different request',
  });

interface StoredKey {
  staff_id: string;
  request_hash: Buffer;
  response_status: number | null;
  response_body: unknown;
}

/**
 * The first answer to this key, as a Response, when the key was already used for this same request;
 * null when the key is new. Refuses the key when it was used by someone else or for another request.
 * A key written by a request that has committed but not yet stored its answer is waited for.
 */
export async function storedAnswer(sql: Sql, key: RequestKey): Promise<Response | null> {
  const started = Date.now();
  for (;;) {
    const [row] = await sql<StoredKey[]>`
      select staff_id, request_hash, response_status, response_body from staff_request_keys where key = ${key.key}`;
    if (!row) return null;
    if (row.staff_id !== key.staffId || !Buffer.from(row.request_hash).equals(key.hash)) throw reused();
    if (row.response_status !== null) {
      return Response.json(row.response_body, { status: row.response_status, headers: { [REPLAYED_HEADER]: 'true' } });
    }
    if (Date.now() - started > ANSWER_WAIT_MS) {
      throw new AppError('conflict', 'This change was already made; its answer is not ready yet. Reload to see it.');
    }
    await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
  }
}

/**
 * Writes the key in the caller's transaction (the change's): a second request with the same key waits
 * here until the first commits, then fails (unique key), so its change rolls back with it.
 */
export async function recordRequestKey(sql: Sql, key: RequestKey): Promise<void> {
  await sql`
    insert into staff_request_keys (key, staff_id, method, path, request_hash)
    values (${key.key}, ${key.staffId}, ${key.method}, ${key.path}, ${key.hash})`;
}

/** Stores the first answer (a JSON body, or none) for repeats of the key. */
export async function storeAnswer(sql: Sql, key: RequestKey, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.clone().json() : null;
  await sql`
    update staff_request_keys set response_status = ${response.status}, response_body = ${sql.json(body as never)}
    where key = ${key.key} and response_status is null`;
}

/** Forgets keys older than REQUEST_KEY_DAYS (housekeeping). */
export async function forgetOldRequestKeys(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`delete from staff_request_keys where created_at < ${new Date(now.getTime() - REQUEST_KEY_DAYS * 86_400_000)} returning key`;
  return rows.length;
}
