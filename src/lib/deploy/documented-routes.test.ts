import { describe, expect, it } from 'vitest';
import type { BundledFunction } from './function-routes';
import { documentedEndpoints, linkedMarkdownFiles, markdownSection, routesVersusDocs, shapeOf } from './documented-routes';
import { readDocumentedEndpoints } from './documented-routes.server';

const apiDocs = `
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
    const found = documentedEndpoints(apiDocs).map((e) => `${e.methods.join('|')} ${e.path}`);
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

describe('the pages that document the API', () => {
  it('are docs/api.md and the Markdown pages it links to, each once, from its folder (not a link in code)', () => {
    const page = '[day](admin/the-day.md#the-day), [again](admin/the-day.md), [ops](operations.md), [csv](sample.csv), [web](https://example.com/a.md), `[code](x.md)`';
    expect(linkedMarkdownFiles(page, 'docs/api.md')).toEqual(['docs/admin/the-day.md', 'docs/operations.md']);
    expect(linkedMarkdownFiles('[up](../api.md)', 'docs/admin/bookings.md')).toEqual(['docs/api.md']);
  });

  it('are the ones the *Admin endpoints* section lists, not every page docs/api.md mentions', () => {
    const page = '# API\nSee [security](security.md).\n## Admin endpoints\n- [Bookings](admin/bookings.md)\n### Details\n- [Day](admin/the-day.md)\n## Later\n[ops](operations.md)';
    expect(linkedMarkdownFiles(markdownSection(page, '## Admin endpoints'), 'docs/api.md')).toEqual(['docs/admin/bookings.md', 'docs/admin/the-day.md']);
    expect(markdownSection(page, '## Missing')).toBe('');
  });

  it('name the page each endpoint is on, in the problems too', () => {
    const [endpoint] = documentedEndpoints('`GET /api/admin/day`', 'docs/admin/the-day.md');
    expect(endpoint?.file).toBe('docs/admin/the-day.md');
    expect(routesVersusDocs([], [endpoint!])).toEqual(['docs/admin/the-day.md documents GET /api/admin/day, but no function is routed there.']);
  });

  it('in this project: the public API in docs/api.md, the admin endpoints in docs/admin/', () => {
    const documented = readDocumentedEndpoints();
    expect(documented.some((e) => e.file === 'docs/api.md' && e.path === '/api/bookings')).toBe(true);
    expect(documented.some((e) => e.file === 'docs/admin/bookings.md' && e.path === '/api/admin/bookings')).toBe(true);
    expect(documented.filter((e) => e.file !== 'docs/api.md' && !e.file.startsWith('docs/admin/'))).toEqual([]);
  });
});

describe('routesVersusDocs', () => {
  const documented = documentedEndpoints(apiDocs);
  const matching = [
    { ...fn('health'), routes: [{ pattern: '/api/health', literal: '/api/health', methods: ['GET'] }] },
    fn('auth', '/api/auth/*'),
    fn('calendar-feed', '/api/calendar/:feed'),
    fn('admin-quotes', '/api/admin/quotes/:id', '/api/admin/quotes/:id/price', '/api/admin/quotes/:id/offer', '/api/admin/quotes/:id/convert'),
    fn('admin-customers', '/api/admin/customers', '/api/admin/customers/:id'),
    fn('admin-bookings', '/api/admin/bookings'),
    fn('content-editor', '/admin/content'),
  ];

  it('finds nothing when the documentation and the routes agree', () => {
    expect(routesVersusDocs(matching, documented)).toEqual([]);
  });

  it('names an undocumented route with its function, and a documented endpoint nobody serves', () => {
    const problems = routesVersusDocs([...matching.filter((f) => f.name !== 'admin-bookings'), fn('admin-stripe', '/api/admin/stripe')], documented);
    expect(problems).toEqual([
      'admin-stripe: route /api/admin/stripe is not documented in docs/api.md or the pages its *Admin endpoints* links to (write it as `METHOD /api/admin/stripe`).',
      'docs/api.md documents GET /api/admin/bookings, but no function is routed there.',
    ]);
  });

  it('names a documented method the route’s config.method refuses', () => {
    const postOnly = matching.map((f) => (f.name === 'health' ? { ...f, routes: [{ pattern: '/api/health', literal: '/api/health', methods: ['POST'] }] } : f));
    expect(routesVersusDocs(postOnly, documented)).toEqual(['docs/api.md documents GET /api/health, but health is routed there for POST only.']);
  });
});
