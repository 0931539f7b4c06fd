import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GatedSocket } from '../../src/lib/db/gated-socket.server';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

/**
 * postgres.js gathers a connection's small writes and sends them a moment later (setImmediate). In
 * 3.4.9 a socket that closed in that moment left the connection unable to write ever again: the
 * close cancelled the pending send but left it marked as scheduled, with its bytes, so the next
 * socket's start-up message was never sent and every later attempt on that connection ended in
 * CONNECT_TIMEOUT (with a pool of one, every query of the process). A database restart or a pooler
 * closing connections can do that under load; it failed this suite on a busy machine, in
 * pool-reserve.test.ts. patches/postgres+3.4.9.patch drops the pending bytes with the socket.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createEmptyDatabase();
});

afterAll(async () => {
  await db?.drop();
});

it('a connection whose socket closes with a write pending connects again and answers', async () => {
  const { hostname, port } = new URL(db.url);
  let socket: GatedSocket | undefined;
  const pool = postgres(db.url, {
    max: 1,
    connect_timeout: 2,
    onnotice: () => {},
    // The functions' socket: a stream, whose 'close' comes on the next tick after it is destroyed.
    socket: () => (socket = new GatedSocket({ host: hostname, port: Number(port), tls: { mode: 'disable', ca: undefined }, stallMs: 10_000 })),
  } as postgres.Options<Record<string, postgres.PostgresType>>);
  try {
    expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    // Queued before the query's pending send (which the query queues when it is written): the socket
    // is destroyed, and the close handled, before that send's turn.
    setImmediate(() => socket!.destroy());
    const cut = pool`select 2`.execute();
    await expect(cut).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(await pool`select 3 as three`).toEqual([{ three: 3 }]);
  } finally {
    await pool.end({ timeout: 1 });
  }
});
