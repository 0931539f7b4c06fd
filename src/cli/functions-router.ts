import { pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';
import { functionsWithoutRoute, matchRoute, routeTable, type RouteMatch } from '../lib/deploy';
import { listNetlifyFunctions } from '../lib/deploy/index.server';

type FunctionHandler = (req: Request, context: Context) => Promise<Response | void> | Response | void;

export interface FunctionsRouter {
  /** The route answering this request, or null when no function is routed there (static files, redirects). */
  match(url: URL, method: string): RouteMatch | null;
  /**
   * Calls the function routed at the request's address. `routed`: what `match` found for it already
   * (the server asks `match` first to tell functions from static files), so the URL is not parsed and
   * the route table not searched a second time for the same request.
   */
  invoke(req: Request, ip: string, routed?: { url: URL; found: RouteMatch }): Promise<Response>;
  /** Scheduled functions (their `schedule` as the bundler reads it), run on an interval while the local server is up. */
  scheduled: { name: string; handler: FunctionHandler }[];
  /** Functions the bundler reads no route from: only Netlify's default address reaches them, here as once deployed. */
  withoutRoute: string[];
}

/**
 * Routes requests to the functions in `dir` from what Netlify's bundler reports for them (routes,
 * methods, schedule), not from the modules' own `config`: a path the bundler cannot read is not
 * served here either, as it would not be once deployed. Each handler is the module's default export,
 * loaded once and called as Netlify calls it (a web Request and a Context with `params`).
 * Netlify's local request chain (@netlify/dev) rebuilds a function on every request (about 1.5 s
 * each here), which suits `astro dev` but not a server meant to behave like production.
 */
export async function loadFunctions(dir: string): Promise<FunctionsRouter> {
  const functions = await listNetlifyFunctions(dir);
  const handlers = new Map<string, FunctionHandler>();
  for (const fn of functions) {
    const mod = (await import(pathToFileURL(fn.mainFile).href)) as { default: FunctionHandler };
    handlers.set(fn.name, mod.default);
  }
  const table = routeTable(functions);
  const scheduled = functions.filter((fn) => fn.schedule).map((fn) => ({ name: fn.name, handler: handlers.get(fn.name)! }));

  const match: FunctionsRouter['match'] = (url, method) => matchRoute(table, url.pathname, method);

  return {
    match,
    scheduled,
    withoutRoute: functionsWithoutRoute(functions),
    async invoke(req, ip, routed) {
      const url = routed?.url ?? new URL(req.url);
      const found = routed ? routed.found : match(url, req.method);
      if (!found) return new Response('Not found', { status: 404 });
      const context = netlifyContext({ url, ip, params: found.params, pattern: found.route.pattern });
      try {
        return (await handlers.get(found.route.functionName)!(req, context)) ?? new Response(null, { status: 204 });
      } catch (error) {
        console.error(`Function ${found.route.functionName} threw:`, error);
        return new Response('Internal error', { status: 500 });
      }
    },
  };
}

/** The Context Netlify hands a function: who is calling, the route's `params`, the deploy and the site. */
export function netlifyContext({ url, ip, params, pattern }: { url: URL; ip: string; params: Record<string, string>; pattern: string }): Context {
  return {
    ip,
    params,
    path: pattern,
    url,
    requestId: crypto.randomUUID(),
    deploy: { id: process.env.BUILD_ID ?? '', context: 'production', published: true },
    site: { id: 'local', name: 'local', url: url.origin },
    geo: {},
    server: { region: 'local' },
    account: { id: 'local' },
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    // A long-lived server needs nothing kept alive: the work runs on; only a failure is reported.
    waitUntil: (work: Promise<unknown>) => void Promise.resolve(work).catch((error: unknown) => console.error('Work after the response failed:', error)),
    json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
    next: () => Promise.resolve(new Response('Not found', { status: 404 })),
    rewrite: () => Promise.resolve(new Response('Not found', { status: 404 })),
  } as unknown as Context;
}
