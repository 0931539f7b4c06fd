import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFunctions } from '../../src/cli/functions-router';

/**
 * The local server (`npm start`, the e2e suite, the bench) routes functions from Netlify's bundler's
 * reading, so a `config` Netlify cannot read breaks here exactly as it would once deployed.
 */
describe('functions router', () => {
  it('does not route a path Netlify’s bundler cannot read, and routes literal ones with their params', async () => {
    const router = await loadFunctions(path.resolve('tests/fixtures/unreadable-config'));
    const get = (p: string) => router.invoke(new Request(`http://localhost${p}`), '127.0.0.1');

    // The module does export config.path = ['/api/fixture/unreadable'], but Netlify would not route it.
    expect((await import('../fixtures/unreadable-config/unreadable')).config.path).toEqual(['/api/fixture/unreadable']);
    expect(router.match(new URL('http://localhost/api/fixture/unreadable'), 'GET')).toBeNull();
    expect((await get('/api/fixture/unreadable')).status).toBe(404);
    // Only Netlify's default address for a function without a route answers.
    expect(await (await get('/.netlify/functions/unreadable')).json()).toEqual({ fn: 'unreadable' });

    expect(await (await get('/api/fixture/readable')).json()).toEqual({ fn: 'readable', params: {} });
    expect(await (await get('/api/fixture/readable/r-42')).json()).toEqual({ fn: 'readable', params: { id: 'r-42' } });
    expect((await get('/.netlify/functions/readable')).status).toBe(404);
    expect(router.withoutRoute).toEqual(['unreadable']);
  });

  it('sends this project’s neighbouring paths to the function Netlify would, and finds the scheduled one', async () => {
    const router = await loadFunctions(path.resolve('netlify/functions'));
    expect(router.match(new URL('http://localhost/api/admin/bookings/00000000-0000-4000-8000-000000000000/status'), 'POST')?.route.functionName).toBe('admin-bookings');
    expect(router.match(new URL('http://localhost/api/admin/bookings/00000000-0000-4000-8000-000000000000/invoice'), 'GET')?.route.functionName).toBe(
      'admin-invoices',
    );
    expect(router.match(new URL('http://localhost/api/waivers/qr'), 'GET')?.route.functionName).toBe('waiver-qr');
    expect(router.scheduled.map((s) => s.name)).toEqual(['backup-daily', 'housekeeping']);
    expect(router.withoutRoute).toEqual([]);
  });
});
