import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

describe('GET /api/health', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createMigratedDatabase();
    process.env.DATABASE_URL = db.url;
    process.env.BUILD_ID = 'test-build';
    delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    const { closeDb } = await import('../../src/lib/db/client.server');
    await closeDb();
    await db.drop();
  });

  it('answers 200 with the migration level and build id', async () => {
    const { default: handler } = await import('../../netlify/functions/health');
    const response = await handler(new Request('http://localhost/api/health'), { deploy: { id: '' } } as never);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: 'reachable', buildId: 'test-build' });
    expect(body.migrationLevel).toMatch(/^\d{14}$/);
    // Off Netlify without SMTP_URL, mail becomes .eml files: said, not an outage (Netlify: mail-on-netlify.test.ts).
    expect(body.mail).toMatchObject({ delivery: 'outbox-files', message: expect.stringContaining('DATA_DIR/outbox') });
  });
});
