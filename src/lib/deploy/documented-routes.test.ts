import { describe, expect, it } from 'vitest';
import type { BundledFunction } from './function-routes';
import { documentedEndpoints, routesVersusDocs, shapeOf } from './documented-routes';

const readme = `
| endpoint | answer |
|---|---|
| \`GET /api/health\` | status |
| \`GET\\|POST /api/auth/*\` | sign-in |
| \`GET /api/calendar/{token}.ics\` | feed |

API: \`GET|PATCH /api/admin/quotes/{id}\`, \`POST /api/admin/quotes/{id}/price|offer|convert\`;
\`GET /api/admin/customers[/{id}]\`, \`GET /api/admin/bookings?q&status\`, \`POST …/price\` (not a path).
The content editor's page, \`GET /admin/content\`, is a function too; \`GET /admin/products\` is not.
`;

const fn = (name: string, ...patterns: string[]): BundledFunction => ({
  name,
  routes: patterns.map((pattern) => (/[:*]/.test(pattern) ? { pattern, expression: '^x$' } : { pattern, literal: pattern })),
});

describe('documentedEndpoints', () => {
  it('reads methods, alternatives and optional tails, and leaves queries out', () => {
    const found = documentedEndpoints(readme).map((e) => `${e.methods.join('|')} ${e.path}`);
    expect(found).toEqual([
      'GET /api/health',
      'GET|POST /api/auth/*',
      'GET /api/calendar/{token}.ics',
      'GET|PATCH /api/admin/quotes/{id}',
      'POST /api/admin/quotes/{id}/price',
      'POST /api/admin/quotes/{id}/offer',
      'POST /api/admin/quotes/{id}/convert',
      'GET /api/admin/customers',
      'GET /api/admin/customers/{id}',
      'GET /api/admin/bookings',
      'GET /admin/content',
    ]);
  });

  it('compares parameter segments by position, not by name', () => {
    expect(shapeOf('/api/calendar/{token}.ics')).toBe(shapeOf('/api/calendar/:feed'));
    expect(shapeOf('/api/auth/*')).toBe('/api/auth/*');
    expect(shapeOf('/api/waivers/qr')).not.toBe(shapeOf('/api/waivers/:id'));
  });
});

describe('routesVersusDocs', () => {
  const documented = documentedEndpoints(readme);
  const matching = [
    { ...fn('health'), routes: [{ pattern: '/api/health', literal: '/api/health', methods: ['GET'] }] },
    fn('auth', '/api/auth/*'),
    fn('calendar-feed', '/api/calendar/:feed'),
    fn('admin-quotes', '/api/admin/quotes/:id', '/api/admin/quotes/:id/price', '/api/admin/quotes/:id/offer', '/api/admin/quotes/:id/convert'),
    fn('admin-customers', '/api/admin/customers', '/api/admin/customers/:id'),
    fn('admin-bookings', '/api/admin/bookings'),
    fn('content-editor', '/admin/content'),
  ];

  it('finds nothing when the README and the routes agree', () => {
    expect(routesVersusDocs(matching, documented)).toEqual([]);
  });

  it('names an undocumented route with its function, and a documented endpoint nobody serves', () => {
    const problems = routesVersusDocs([...matching.filter((f) => f.name !== 'admin-bookings'), fn('admin-stripe', '/api/admin/stripe')], documented);
    expect(problems).toEqual([
      'admin-stripe: route /api/admin/stripe is not documented in the README (write it as `METHOD /api/admin/stripe`).',
      'The README documents GET /api/admin/bookings, but no function is routed there.',
    ]);
  });

  it('names a documented method the route’s config.method refuses', () => {
    const postOnly = matching.map((f) => (f.name === 'health' ? { ...f, routes: [{ pattern: '/api/health', literal: '/api/health', methods: ['POST'] }] } : f));
    expect(routesVersusDocs(postOnly, documented)).toEqual(['The README documents GET /api/health, but health is routed there for POST only.']);
  });
});
