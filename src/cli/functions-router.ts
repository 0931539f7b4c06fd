import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { compilePath } from '../lib/http/path-params';

type FunctionHandler = (req: Request, context: Context) => Promise<Response | void> | Response | void;

interface Route {
  name: string;
  pattern: RegExp;
  params: string[];
  methods: string[] | null;
  handler: FunctionHandler;
}

export interface FunctionsRouter {
  /** The function answering this request, or null when none is routed there (static files, redirects). */
  match(url: URL, method: string): { route: Route; params: Record<string, string> } | null;
  invoke(req: Request, ip: string): Promise<Response>;
  /** Scheduled functions (config.schedule), run on an interval while the local server is up. */
  scheduled: { name: string; handler: FunctionHandler }[];
}

/**
 * Loads every function in netlify/functions once and routes requests to it by its `config.path`,
 * calling the same default export Netlify calls in production (a web Request and a Context).
 * Netlify's local request chain (@netlify/dev) rebuilds a function on every request (about 1.5 s
 * each here), which suits `astro dev` but not a server meant to behave like production.
 */
export async function loadFunctions(dir: string): Promise<FunctionsRouter> {
  const files = (await readdir(dir)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f)).sort();
  const routes: Route[] = [];
  const scheduled: FunctionsRouter['scheduled'] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: FunctionHandler; config?: Config };
    const name = file.replace(/\.[^.]+$/, '');
    const config = mod.config ?? {};
    if (config.schedule) scheduled.push({ name, handler: mod.default });
    const paths = config.path ? (Array.isArray(config.path) ? config.path : [config.path]) : config.schedule ? [] : [`/.netlify/functions/${name}`];
    const methods = config.method ? (Array.isArray(config.method) ? config.method : [config.method]).map((m) => m.toUpperCase()) : null;
    for (const routePath of paths) routes.push({ name, ...compilePath(routePath), methods, handler: mod.default });
  }
  // Literal paths before parameterised ones, so /api/waivers/qr is not taken by /api/waivers/:id.
  routes.sort((a, b) => a.params.length - b.params.length);

  const match: FunctionsRouter['match'] = (url, method) => {
    for (const route of routes) {
      if (route.methods && !route.methods.includes(method)) continue;
      const found = route.pattern.exec(url.pathname);
      if (found) return { route, params: Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(found[i + 1]!)])) };
    }
    return null;
  };

  return {
    match,
    scheduled,
    async invoke(req, ip) {
      const url = new URL(req.url);
      const found = match(url, req.method);
      if (!found) return new Response('Not found', { status: 404 });
      const context = {
        ip,
        params: found.params,
        url,
        requestId: crypto.randomUUID(),
        deploy: { id: process.env.BUILD_ID ?? '', context: 'production', published: true },
        site: { id: 'local', name: 'local', url: url.origin },
        geo: {},
        server: { region: 'local' },
        account: { id: 'local' },
        cookies: { get: () => undefined, set: () => {}, delete: () => {} },
        waitUntil: () => {},
        json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
        next: () => Promise.resolve(new Response('Not found', { status: 404 })),
        rewrite: () => Promise.resolve(new Response('Not found', { status: 404 })),
      } as unknown as Context;
      try {
        return (await found.route.handler(req, context)) ?? new Response(null, { status: 204 });
      } catch (error) {
        console.error(`Function ${found.route.name} threw:`, error);
        return new Response('Internal error', { status: 500 });
      }
    },
  };
}
