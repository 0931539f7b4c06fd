import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/cli/ports';

// Its own file: the function's connection pool is per module instance, and this one must point nowhere.
describe('GET /api/health with the database down', () => {
  afterAll(async () => {
    const { closeDb } = await import('../../src/lib/db/client.server');
    await closeDb();
  });

  it('answers 503 with a clear message', async () => {
    process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${await freePort()}/none`;
    delete process.env.SMTP_URL;
    const { default: handler } = await import('../../netlify/functions/health');
    const response = await handler(new Request('http://localhost/api/health'), { deploy: { id: 'deploy-7' } } as never);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      message: 'The database is not reachable right now. Bookings and forms are paused; please try again shortly.',
      buildId: 'deploy-7',
      // Known without the database: how mail goes out (here a local machine without SMTP_URL).
      mail: { delivery: 'outbox-files', message: expect.stringContaining('.eml') },
    });
  });
});
