import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../src/cli/ports';
import { connect, transactionAfter } from '../../src/lib/db/client.server';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

/**
 * postgres.js's `reserve()`, which every website booking waits on (transactionAfter, in
 * src/lib/db/client.server.ts): a reserve waiting for a connection must get one when a connection
 * closes and is made again, not be dropped. postgres.js 3.4.9 handed the waiting reserve to the new
 * connection, which drops a reserve it connects for, so the promise never settled
 * (porsager/postgres#1195): the booking's request hung until the client gave up, as an end-to-end
 * test's did in CI. patches/postgres+3.4.9.patch (applied by `npm install`) keeps it queued; and a
 * reserved connection that closes under its holder ends the reservation: 3.4.9 wrote the holder's next
 * query to no socket (an uncaught TypeError, which ends a server process) and never settled it.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createEmptyDatabase();
});

afterAll(async () => {
  await db?.drop();
});

/** A bound for a hang, not a speed figure: a stranded reserve never settles. */
const HANG_MS = 15_000;
function outcome(promise: Promise<unknown>): Promise<string> {
  return Promise.race([
    promise.then(
      () => 'given a connection',
      (error: { code?: string; message: string }) => `refused: ${error.code ?? error.message}`,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('stranded'), HANG_MS).unref()),
  ]);
}

/** Until the database (or the pool) is in the state a test sets up: polled, within the same bound. */
const waitFor = (condition: () => Promise<boolean>) => vi.waitUntil(condition, { timeout: HANG_MS, interval: 50 });

describe('a reserve waiting for a pool connection', () => {
  it('made while an idle connection is closing (after its idle timeout) is given a connection', async () => {
    const { hostname, port } = new URL(db.url);
    let onTerminate: (() => void) | null = null;
    const pool = postgres(db.url, {
      max: 2,
      idle_timeout: 0.2,
      onnotice: () => {},
      // postgres.js ends an idle connection with Terminate and hears of its close a moment later; a
      // booking's reserve can come in between, when no connection is open. The hook makes it come then.
      socket: () => {
        const socket = net.connect(Number(port), hostname);
        const end = socket.end.bind(socket);
        socket.end = ((...args: Parameters<typeof socket.end>) => {
          const hook = onTerminate;
          onTerminate = null;
          hook?.();
          return end(...args);
        }) as typeof socket.end;
        return socket;
      },
    } as postgres.Options<Record<string, postgres.PostgresType>>);
    try {
      await pool`select 1`;
      let reserving: Promise<postgres.ReservedSql> | undefined;
      onTerminate = () => (reserving = pool.reserve());
      await waitFor(async () => reserving !== undefined);
      expect(await outcome(reserving!)).toBe('given a connection');
      const reserve = await reserving!;
      expect(await reserve`select 2 as two`).toEqual([{ two: 2 }]);
      reserve.release();
    } finally {
      await pool.end({ timeout: 1 });
    }
  });

  it('for a busy connection that ends its life (max_lifetime) after its query is given a connection', async () => {
    const pool = postgres(db.url, { max: 1, max_lifetime: 0.05, onnotice: () => {} });
    const holder = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      await holder`select pg_advisory_lock(42)`;
      // The pool's only connection waits for the lock: busy, so the reserve below waits for it. Found by
      // its wait, not by the process id of an earlier query: on a slow machine the connection that
      // answered that query could be past its 50 ms life by then, and this query went to a new one.
      const busy = pool`select pg_advisory_lock(42), pg_advisory_unlock(42)`.execute();
      busy.catch(() => {}); // awaited below; if a wait fails first, pool.end's refusal of it is expected
      await waitFor(async () => (await holder`select 1 from pg_locks join pg_database d on d.oid = database where locktype = 'advisory' and not granted and d.datname = current_database()`).length > 0);
      const reserving = pool.reserve();
      // The connection is past its 50 ms life before the lock is let go: it closes after that query.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await holder`select pg_advisory_unlock(42)`;
      await busy;
      expect(await outcome(reserving)).toBe('given a connection');
      (await reserving).release();
      expect(await pool`select 3 as three`).toEqual([{ three: 3 }]);
    } finally {
      await pool.end({ timeout: 1 });
      await holder.end({ timeout: 1 });
    }
  });

  it('whose connection the database ends is refused, and the pool answers afterwards', async () => {
    const pool = postgres(db.url, { max: 1, onnotice: () => {} });
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const { pid } = (await pool<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!;
      const busy = pool`select pg_sleep(30)`.execute().catch(() => 'ended');
      await waitFor(async () => (await admin`select state from pg_stat_activity where pid = ${pid}`)[0]?.state === 'active');
      const reserving = pool.reserve();
      await admin`select pg_terminate_backend(${pid})`;
      expect(await busy).toBe('ended');
      expect(await outcome(reserving)).toMatch(/^(refused: 57P01|given a connection)$/);
      await reserving.then((r) => r.release(), () => {});
      expect(await outcome(pool`select 4`.execute())).toBe('given a connection');
    } finally {
      await pool.end({ timeout: 1 });
      await admin.end({ timeout: 1 });
    }
  });

  it('that then loses its connection (a booking’s transaction the database ends) is refused, and the pool answers afterwards', async () => {
    const pool = connect(db.url, 1);
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      await pool`select 1`;
      const booking = transactionAfter(pool, 'select 1 as admitted', async (tx) => {
        const { pid } = (await tx<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!;
        await admin`select pg_terminate_backend(${pid})`;
        await waitFor(async () => (await admin`select 1 from pg_stat_activity where pid = ${pid}`).length === 0);
        return tx`select 2`;
      });
      expect(await outcome(booking)).toMatch(/^refused: (CONNECTION_CLOSED|ECONNRESET)$/);
      expect(await outcome(pool`select 3`.execute())).toBe('given a connection');
      expect(await outcome(transactionAfter(pool, 'select 1 as admitted', async (tx) => tx`select 4`))).toBe('given a connection');
    } finally {
      await pool.end({ timeout: 1 });
      await admin.end({ timeout: 1 });
    }
  });

  it('is refused when no connection can be made, and is not connected for again and again', async () => {
    const port = await freePort();
    let attempts = 0;
    const pool = postgres(`postgres://nobody:nothing@127.0.0.1:${port}/none`, {
      max: 2,
      onnotice: () => {},
      socket: () => (attempts++, net.connect(port, '127.0.0.1')),
    } as postgres.Options<Record<string, postgres.PostgresType>>);
    try {
      expect(await Promise.all([outcome(pool.reserve()), outcome(pool.reserve()), outcome(pool`select 1`.execute())])).toEqual([
        'refused: ECONNREFUSED',
        'refused: ECONNREFUSED',
        'refused: ECONNREFUSED',
      ]);
      // A refused reserve left in the queue would have the pool connect for it again at every close.
      const after = attempts;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(attempts).toBe(after);
    } finally {
      await pool.end({ timeout: 1 });
    }
  });
});
