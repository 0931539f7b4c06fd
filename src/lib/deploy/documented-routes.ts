import path from 'node:path';
import type { BundledFunction } from './function-routes';

/** Where the API is documented: this file, and the pages its ADMIN_ENDPOINTS section links to (the admin endpoints live with their screens). */
export const API_DOCS = 'docs/api.md';
export const ADMIN_ENDPOINTS = '## Admin endpoints';

/**
 * The API documentation (docs/api.md and the pages its *Admin endpoints* section links to) against the routes Netlify's bundler reports. An endpoint is
 * documented as a code span `METHOD /api/path`: `{name}` marks a path parameter, `[/{id}]` an
 * optional tail, `a|b|c` alternatives (in a segment or among methods: `GET|PATCH`), and a query
 * string or `…` after the path is description. Paths are compared by shape: a parameter segment is
 * `{}` however it is named (`{token}.ics` and `:feed` are the same segment), a wildcard `*`.
 */

export interface DocumentedEndpoint {
  methods: string[];
  path: string;
  shape: string;
  /** The page that documents it. */
  file: string;
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
// Functions answer under /api/, and one serves an admin page (GET /admin/content, the content editor).
const ENDPOINT_SPAN = new RegExp(`\`(${METHOD}(?:\\|${METHOD})*) (/(?:api/|admin/content)[^\`\\s]*)\``, 'g');

export function documentedEndpoints(markdown: string, file = API_DOCS): DocumentedEndpoint[] {
  const endpoints: DocumentedEndpoint[] = [];
  // Inside a Markdown table a `|` is written `\|`.
  for (const [, methods, written] of markdown.replaceAll('\\|', '|').matchAll(ENDPOINT_SPAN)) {
    for (const path of expandPath(written!.replace(/[?…].*$/, ''))) {
      endpoints.push({ methods: methods!.split('|'), path, shape: shapeOf(path), file });
    }
  }
  return endpoints;
}

/** The lines under a heading, up to the next heading of its level or above (none when it is missing). */
export function markdownSection(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? lines.length : end).join('\n');
}

/**
 * The Markdown files a page links to (relative links, `#anchors` dropped), as paths from the project
 * root, in the order linked, each once: `docs/api.md` linking `admin/day.md` gives `docs/admin/day.md`.
 */
export function linkedMarkdownFiles(markdown: string, fromFile: string): string[] {
  const files: string[] = [];
  // A code span is text, not a link (a link's own text may be one: [`docs/a.md`](docs/a.md)).
  for (const [, target] of markdown.replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target!) || target!.startsWith('/')) continue;
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), target!));
    if (!files.includes(file)) files.push(file);
  }
  return files;
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
 * Each disagreement as a sentence: a route the API documentation does not document (with its function), a
 * documented endpoint no function is routed to, or a documented method a route refuses (`config.method`).
 */
export function routesVersusDocs(functions: BundledFunction[], documented: DocumentedEndpoint[]): string[] {
  const problems: string[] = [];
  const routes = functions.flatMap((fn) => (fn.routes ?? []).map((route) => ({ fn: fn.name, route, shape: shapeOf(route.pattern) })));
  for (const { fn, route, shape } of routes) {
    if (!documented.some((d) => d.shape === shape)) {
      problems.push(`${fn}: route ${route.pattern} is not documented in ${API_DOCS} or the pages its *Admin endpoints* links to (write it as \`METHOD ${route.pattern.replace(/:(\w+)/g, '{$1}')}\`).`);
    }
  }
  for (const endpoint of documented) {
    const serving = routes.filter((r) => r.shape === endpoint.shape);
    if (serving.length === 0) {
      problems.push(`${endpoint.file} documents ${endpoint.methods.join('|')} ${endpoint.path}, but no function is routed there.`);
      continue;
    }
    for (const method of endpoint.methods) {
      const allowed = serving.some((r) => !r.route.methods?.length || r.route.methods.includes(method));
      if (!allowed) problems.push(`${endpoint.file} documents ${method} ${endpoint.path}, but ${serving[0]!.fn} is routed there for ${serving[0]!.route.methods!.join(', ')} only.`);
    }
  }
  return [...new Set(problems)];
}
