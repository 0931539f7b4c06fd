import type { BundledFunction } from './function-routes';

/**
 * The README's API documentation against the routes Netlify's bundler reports. An endpoint is
 * documented as a code span `METHOD /api/path`: `{name}` marks a path parameter, `[/{id}]` an
 * optional tail, `a|b|c` alternatives (in a segment or among methods: `GET|PATCH`), and a query
 * string or `…` after the path is description. Paths are compared by shape: a parameter segment is
 * `{}` however it is named (`{token}.ics` and `:feed` are the same segment), a wildcard `*`.
 */

export interface DocumentedEndpoint {
  methods: string[];
  path: string;
  shape: string;
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
// Functions answer under /api/, and one serves an admin page (GET /admin/content, the content editor).
const ENDPOINT_SPAN = new RegExp(`\`(${METHOD}(?:\\|${METHOD})*) (/(?:api/|admin/content)[^\`\\s]*)\``, 'g');

export function documentedEndpoints(markdown: string): DocumentedEndpoint[] {
  const endpoints: DocumentedEndpoint[] = [];
  // Inside a Markdown table a `|` is written `\|`.
  for (const [, methods, written] of markdown.replaceAll('\\|', '|').matchAll(ENDPOINT_SPAN)) {
    for (const path of expandPath(written!.replace(/[?…].*$/, ''))) {
      endpoints.push({ methods: methods!.split('|'), path, shape: shapeOf(path) });
    }
  }
  return endpoints;
}

/** `/a[/{id}]` is `/a` and `/a/{id}`; `/a/{id}/b|c` is `/a/{id}/b` and `/a/{id}/c`. */
function expandPath(path: string): string[] {
  const optional = /^(.*)\[([^\]]+)\]$/.exec(path);
  if (optional) return [...expandPath(optional[1]!), ...expandPath(optional[1]! + optional[2]!)];
  let variants = [''];
  for (const segment of path.split('/').slice(1)) {
    const choices = segment.includes('{') ? [segment] : segment.split('|');
    variants = variants.flatMap((v) => choices.map((c) => `${v}/${c}`));
  }
  return variants;
}

/** A path or route pattern with every parameter segment written `{}`. */
export function shapeOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return trimmed
    .split('/')
    .map((segment) => (segment === '*' ? '*' : /[{:(]/.test(segment) ? '{}' : segment))
    .join('/');
}

/**
 * Each disagreement as a sentence: a route the README does not document (with its function), a
 * documented endpoint no function is routed to, or a documented method a route refuses (`config.method`).
 */
export function routesVersusDocs(functions: BundledFunction[], documented: DocumentedEndpoint[]): string[] {
  const problems: string[] = [];
  const routes = functions.flatMap((fn) => (fn.routes ?? []).map((route) => ({ fn: fn.name, route, shape: shapeOf(route.pattern) })));
  for (const { fn, route, shape } of routes) {
    if (!documented.some((d) => d.shape === shape)) {
      problems.push(`${fn}: route ${route.pattern} is not documented in the README (write it as \`METHOD ${route.pattern.replace(/:(\w+)/g, '{$1}')}\`).`);
    }
  }
  for (const endpoint of documented) {
    const serving = routes.filter((r) => r.shape === endpoint.shape);
    if (serving.length === 0) {
      problems.push(`The README documents ${endpoint.methods.join('|')} ${endpoint.path}, but no function is routed there.`);
      continue;
    }
    for (const method of endpoint.methods) {
      const allowed = serving.some((r) => !r.route.methods?.length || r.route.methods.includes(method));
      if (!allowed) problems.push(`The README documents ${method} ${endpoint.path}, but ${serving[0]!.fn} is routed there for ${serving[0]!.route.methods!.join(', ')} only.`);
    }
  }
  return [...new Set(problems)];
}
