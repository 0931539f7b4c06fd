import { describe, expect, it } from 'vitest';
import { adminRoute } from './admin-route.server';
import { matchPath, recordId, routeParams } from '../http/path-params';

const ok = () => ({ ok: true });

const crew = { role: 'crew', run: ok } as const;

describe('adminRoute declarations', () => {
  it('reads the role of each method at each path for the authorisation sweep', () => {
    const fn = adminRoute(
      { path: ['/api/admin/things', '/api/admin/things/:id'] },
      {
        params: { id: recordId },
        routes: {
          '/api/admin/things': { GET: crew, POST: { role: 'manager', run: ok } },
          '/api/admin/things/:id': { GET: crew, POST: crew, DELETE: { role: 'owner', run: ok } },
        },
      },
    );
    expect(fn.access).toEqual({ '/api/admin/things': { GET: 'crew', POST: 'manager' }, '/api/admin/things/:id': { GET: 'crew', POST: 'crew', DELETE: 'owner' } });
    expect(fn.methods).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('refuses, when the module loads, paths Netlify deploys without a route and routes Netlify would not deploy', () => {
    expect(() => adminRoute({ path: ['/api/admin/a', '/api/admin/b'] }, { routes: { '/api/admin/a': { GET: crew } } })).toThrow(
      '/api/admin/b is in config.path but has no route',
    );
    expect(() => adminRoute({ path: '/api/admin/a' }, { routes: { '/api/admin/a': { GET: crew }, '/api/admin/c': { GET: crew } } })).toThrow(
      '/api/admin/c has a route but is not in config.path',
    );
  });

  it('refuses a :param without a schema and a path that answers no method', () => {
    expect(() => adminRoute({ path: '/api/admin/a/:id' }, { routes: { '/api/admin/a/:id': { GET: crew } } })).toThrow(':id has no schema');
    expect(() => adminRoute({ path: ['/api/admin/a', '/api/admin/b'] }, { routes: { '/api/admin/a': { GET: crew }, '/api/admin/b': {} } })).toThrow(
      '/api/admin/b answers no method',
    );
  });
});

describe('matchPath', () => {
  const paths = ['/api/admin/blackouts/targets', '/api/admin/blackouts', '/api/admin/blackouts/:id'];

  it('names the declared path that matched, earlier paths first, with its decoded params', () => {
    expect(matchPath(paths, '/api/admin/blackouts/targets')).toEqual({ path: '/api/admin/blackouts/targets', params: {} });
    expect(matchPath(paths, '/api/admin/blackouts/a%20b/')).toEqual({ path: '/api/admin/blackouts/:id', params: { id: 'a b' } });
    expect(matchPath(paths, '/api/admin/blackouts/a/b')).toBeNull();
  });

  it('treats a malformed escape as no match rather than an error', () => {
    expect(matchPath(paths, '/api/admin/blackouts/%E0%A4%A')).toBeNull();
  });
});

describe('routeParams', () => {
  const config = { path: '/api/bookings/:number/invoice' };

  it('reads a public function’s params from the path it declares, decoded', () => {
    expect(routeParams(config, new Request('https://x.test/api/bookings/PF-7K3Q9X/invoice?key=k'))).toEqual({ number: 'PF-7K3Q9X' });
    expect(routeParams({ path: ['/api/a', '/api/a/:id'] }, new Request('https://x.test/api/a/b%20c'))).toEqual({ id: 'b c' });
  });

  it('is empty for a path the function does not declare or a malformed escape', () => {
    expect(routeParams(config, new Request('https://x.test/api/bookings/PF-7K3Q9X/receipt'))).toEqual({});
    expect(routeParams(config, new Request('https://x.test/api/bookings/%E0%A4%A/invoice'))).toEqual({});
  });
});
