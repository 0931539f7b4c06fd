import { describe, expect, it } from 'vitest';
import { functionsWithoutRoute, matchRoute, paramNamesOf, routeTable, type BundledFunction } from './function-routes';

// Routes in the shape @netlify/zip-it-and-ship-it reports them (expressions copied from its output).
const functions: BundledFunction[] = [
  {
    name: 'waiver-pdf',
    routes: [{ pattern: '/api/waivers/:id/pdf', expression: '^\\/api\\/waivers(?:\\/([^\\/]+?))\\/pdf\\/?$', methods: [] }],
  },
  { name: 'waiver-qr', routes: [{ pattern: '/api/waivers/qr', literal: '/api/waivers/qr', methods: [] }] },
  {
    name: 'blackouts',
    routes: [
      { pattern: '/api/blackouts/:id', expression: '^\\/api\\/blackouts(?:\\/([^\\/]+?))\\/?$', methods: [] },
      { pattern: '/api/blackouts/targets', literal: '/api/blackouts/targets', methods: [] },
    ],
  },
  { name: 'auth', routes: [{ pattern: '/api/auth/*', expression: '^\\/api\\/auth(?:\\/(.*))\\/?$', methods: [] }] },
  { name: 'health', routes: [{ pattern: '/api/health', literal: '/api/health', methods: ['GET'] }] },
  { name: 'housekeeping', routes: [], schedule: '*/5 * * * *' },
  // `config = { path: paths }`: the bundler cannot read a variable, so it reports no route.
  { name: 'unreadable', routes: [] },
];
const table = routeTable(functions);
const at = (path: string, method = 'GET') => {
  const found = matchRoute(table, path, method);
  return found && { fn: found.route.functionName, params: found.params };
};

describe('routing from the bundler’s report', () => {
  it('routes literal paths before expressions, across functions and within one', () => {
    expect(at('/api/waivers/qr')).toEqual({ fn: 'waiver-qr', params: {} });
    expect(at('/api/blackouts/targets')).toEqual({ fn: 'blackouts', params: {} });
    expect(at('/api/blackouts/4f1c')).toEqual({ fn: 'blackouts', params: { id: '4f1c' } });
  });

  it('names :params from the pattern and keeps them as they are in the URL', () => {
    expect(at('/api/waivers/abc%20d/pdf')).toEqual({ fn: 'waiver-pdf', params: { id: 'abc%20d' } });
    expect(at('/api/auth/sign-in/email')).toEqual({ fn: 'auth', params: { '0': 'sign-in/email' } });
  });

  it('accepts a trailing slash and any letter case, as Netlify does', () => {
    expect(at('/api/waivers/qr/')?.fn).toBe('waiver-qr');
    expect(at('/API/Health')?.fn).toBe('health');
    expect(at('/api/waivers/ABC/pdf/')).toEqual({ fn: 'waiver-pdf', params: { id: 'ABC' } });
  });

  it('honours config.method', () => {
    expect(at('/api/health', 'GET')?.fn).toBe('health');
    expect(at('/api/health', 'POST')).toBeNull();
  });

  it('serves a function the bundler reports without routes only at its default address, and a scheduled one nowhere', () => {
    expect(at('/.netlify/functions/unreadable')?.fn).toBe('unreadable');
    expect(at('/.netlify/functions/housekeeping')).toBeNull();
    expect(at('/.netlify/functions/health')).toBeNull();
    expect(at('/api/unreadable')).toBeNull();
    expect(at('/api/waivers')).toBeNull();
  });

  it('lists the functions that would deploy without a route, scheduled ones aside', () => {
    expect(functionsWithoutRoute(functions)).toEqual(['unreadable']);
  });
});

describe('paramNamesOf', () => {
  it('names groups the way URLPattern does', () => {
    expect(paramNamesOf('/api/admin/products/:id/photos/:photoId')).toEqual(['id', 'photoId']);
    expect(paramNamesOf('/api/auth/*')).toEqual(['0']);
    expect(paramNamesOf('/files/:name(\\d+)/*')).toEqual(['name', '0']);
    expect(paramNamesOf('/api/health')).toEqual([]);
  });
});
