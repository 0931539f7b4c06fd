import { z } from '../validation';

/** Netlify's config.path syntax as this project uses it: literal segments, `:param` and a trailing `*`. */
export function compilePath(routePath: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) {
        params.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), params };
}

export interface PathMatch {
  /** The route path as declared, e.g. `/api/admin/products/:id`. */
  path: string;
  /** Its `:param` values, decoded. */
  params: Record<string, string>;
}

/** The first declared route path the pathname matches (earlier paths win), with its `:param` values; or null. */
export function matchPath(routePaths: readonly string[], pathname: string): PathMatch | null {
  for (const routePath of routePaths) {
    const { pattern, params } = compilePath(routePath);
    const found = pattern.exec(pathname);
    if (!found) continue;
    try {
      return { path: routePath, params: Object.fromEntries(params.map((p, i) => [p, decodeURIComponent(found[i + 1]!)])) };
    } catch {
      // A malformed escape (`%E0%A4%A`) names nothing this route serves.
      return null;
    }
  }
  return null;
}

/** The route paths a function declares in its `config.path` (one or several). */
export const declaredPaths = (path: string | readonly string[] | undefined): string[] => (path === undefined ? [] : typeof path === 'string' ? [path] : [...path]);

/**
 * A public function's `:param` values for the request, from the paths it declares (`config.path`):
 * the same reading adminRoute does, instead of a regular expression or a split of the path per function.
 * Empty when the path matches none (or holds a malformed escape); the service then answers 404.
 */
export function routeParams(config: { path?: string | readonly string[] | undefined }, req: Request): Record<string, string> {
  return matchPath(declaredPaths(config.path), new URL(req.url).pathname)?.params ?? {};
}

/** A record's id in a path (`:id`, `:productId`, …): every table keys its rows by UUID. */
export const recordId = z.uuid({ error: 'Not a valid id' });
