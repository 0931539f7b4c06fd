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

/** The `:param` values of the first pattern the path matches, or null. */
export function matchPath(routePaths: string[], pathname: string): Record<string, string> | null {
  for (const routePath of routePaths) {
    const { pattern, params } = compilePath(routePath);
    const found = pattern.exec(pathname);
    if (found) return Object.fromEntries(params.map((p, i) => [p, decodeURIComponent(found[i + 1]!)]));
  }
  return null;
}
