/**
 * Functions routed the way Netlify routes them: from what its bundler (@netlify/zip-it-and-ship-it)
 * reports for each function, never from the module's own `config`. The bundler reads `config`
 * without running the file and keeps only literal values, so a path Netlify would not deploy is not
 * served locally either.
 */

/** One route as the bundler reports it: `literal` for a plain path, `expression` (a regex source) otherwise. */
export interface BundlerRoute {
  pattern: string;
  literal?: string;
  expression?: string;
  /** Upper-case methods from `config.method`; empty or absent means every method. */
  methods?: string[];
}

/** The part of the bundler's report on one function that routing depends on. */
export interface BundledFunction {
  name: string;
  routes?: BundlerRoute[] | null;
  schedule?: string | null;
}

export interface FunctionRoute {
  functionName: string;
  /** The `config.path` entry, as written; Netlify hands it to the function as `context.params`' source. */
  pattern: string;
  literal: string | null;
  expression: RegExp | null;
  paramNames: string[];
  methods: string[];
}

export interface RouteMatch {
  route: FunctionRoute;
  params: Record<string, string>;
}

/** Netlify's address for a function with no `config.path`. */
export const defaultFunctionPath = (name: string) => `/.netlify/functions/${name}`;

/**
 * Every route of every function, literal paths first (so `/api/waivers/qr` is never taken by a
 * `:param` route of another function), then expressions in the order the functions declare them.
 * A function without routes answers at its default address, as on Netlify; a scheduled one at none
 * (Netlify runs it on its schedule only).
 */
export function routeTable(functions: BundledFunction[]): FunctionRoute[] {
  const routes: FunctionRoute[] = [];
  for (const fn of functions) {
    const declared = fn.routes ?? [];
    if (declared.length === 0) {
      if (!fn.schedule) routes.push(literalRoute(fn.name, defaultFunctionPath(fn.name)));
      continue;
    }
    for (const route of declared) {
      const methods = (route.methods ?? []).map((m) => m.toUpperCase());
      if (route.literal !== undefined) routes.push({ ...literalRoute(fn.name, route.literal), pattern: route.pattern, methods });
      else if (route.expression !== undefined) {
        routes.push({
          functionName: fn.name,
          pattern: route.pattern,
          literal: null,
          // Case-insensitive, as Netlify's local routing lower-cases the path before matching.
          expression: new RegExp(route.expression, 'i'),
          paramNames: paramNamesOf(route.pattern),
          methods,
        });
      }
    }
  }
  return [...routes.filter((r) => r.literal !== null), ...routes.filter((r) => r.literal === null)];
}

function literalRoute(functionName: string, path: string): FunctionRoute {
  return { functionName, pattern: path, literal: path, expression: null, paramNames: [], methods: [] };
}

/**
 * The names URLPattern gives the groups of a path pattern, in order: `:name` is `name`, an unnamed
 * `*` or `(regex)` group is numbered from 0. The bundler's expression has one capture group per
 * name, in the same order.
 */
export function paramNamesOf(pattern: string): string[] {
  const names: string[] = [];
  let unnamed = 0;
  for (const token of pattern.matchAll(/:([A-Za-z_$][\w$]*)(?:\([^)]*\))?|\*|\([^)]*\)/g)) {
    names.push(token[1] ?? String(unnamed++));
  }
  return names;
}

/**
 * The route answering `method pathname`, with its `:param` values (left percent-encoded, as
 * Netlify's runtime reads them from the URL with URLPattern), or null when no function is routed there.
 */
export function matchRoute(table: FunctionRoute[], pathname: string, method: string): RouteMatch | null {
  const trimmed = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const lowerCased = trimmed.toLowerCase();
  for (const route of table) {
    if (route.methods.length > 0 && !route.methods.includes(method.toUpperCase())) continue;
    if (route.literal !== null) {
      if (lowerCased === route.literal.toLowerCase()) return { route, params: {} };
      continue;
    }
    const found = route.expression!.exec(pathname);
    if (found) {
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => {
        if (found[i + 1] !== undefined) params[name] = found[i + 1]!;
      });
      return { route, params };
    }
  }
  return null;
}

/** Functions Netlify would deploy with no route of their own (only the default address): any not scheduled. */
export function functionsWithoutRoute(functions: BundledFunction[]): string[] {
  return functions.filter((fn) => !fn.schedule && (fn.routes ?? []).length === 0).map((fn) => fn.name);
}
