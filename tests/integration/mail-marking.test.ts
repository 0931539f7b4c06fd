import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEmailsToSend, sendClaimed } from '../../src/lib/email/index.server';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * Mail a request sent is marked sent in batches (one marking statement in flight per pool, the rest
 * of a burst in the next): every message is still marked, each with its own request's time, and a
 * sender's promise resolves only once its own messages are marked.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createMigratedDatabase();
  delete process.env.SMTP_URL;
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'mail-marking-')) });
});
afterAll(() => db.drop());

const message = (i: number) => ({
  template: 'test',
  email: { to: `marking.${i}@example.com`, subject: `Message ${i}`, text: `Hello ${i}`, html: `<p>Hello ${i}</p>` },
});

describe('marking sent mail', () => {
  it('marks every message of 40 requests sending at once, each at its own request’s time', async () => {
    const requests = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const now = new Date(Date.UTC(2027, 0, 1, 12, 0, i));
        const claimed = await queueEmailsToSend(db.sql, [message(2 * i), message(2 * i + 1)], now);
        return { now, claimed };
      }),
    );
    await Promise.all(
      requests.map(async ({ now, claimed }) => {
        expect(await sendClaimed(db.sql, claimed, now, 'Test <test@example.com>')).toBe(2);
        // Resolved: this request's own messages are marked already.
        const rows = await db.sql<{ status: string; sent_at: Date }[]>`select status, sent_at from outbound_emails where id = any(${claimed.map((c) => c.id)}::uuid[])`;
        expect(rows).toEqual([
          { status: 'sent', sent_at: now },
          { status: 'sent', sent_at: now },
        ]);
      }),
    );
    const [{ pending }] = (await db.sql`select count(*)::int as pending from outbound_emails where status <> 'sent'`) as unknown as [{ pending: number }];
    expect(pending).toBe(0);
  });
});
