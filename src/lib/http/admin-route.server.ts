import type { Config, Context } from '@netlify/functions';
import { z } from '../validation';
import { writeAudit, type Audit, assertSameOrigin, requireStaff, type Staff } from '../auth/index.server';
import type { StaffRole } from '../auth';
import { AppError } from './errors';
import { handler } from './handler';
import { compilePath, declaredPaths, matchPath } from './path-params';
import { clientIp } from './request';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The `:name` segments of a route path, as a union of names. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamSchemas = Record<string, z.ZodType<unknown, string>>;

/** A route's `:params`, each parsed by the function's schema of that name. */
type ParamsOf<Path extends string, S extends ParamSchemas> = { [Name in ParamNames<Path>]: Name extends keyof S ? z.output<S[Name]> : never };

export interface AdminRequest<Params = Record<never, never>> {
  req: Request;
  url: URL;
  /** The route's `:param` values, already checked by the function's `params` schemas. */
  params: Params;
  staff: Staff;
  /** Whether the signed-in account uses a second factor (always, for owners). */
  twoFactor: boolean;
  ip: string;
  /** Writes an audit entry for this staff member (pass the transaction that made the change). */
  audit: Audit;
}

/** Returns a Response, or a value sent as JSON. */
type Action<Params> = (request: AdminRequest<Params>) => unknown;

export interface AdminRouteSpec<M extends Method, S extends ParamSchemas, Routes> {
  /** The lowest role allowed to use each method, on every path of the function. */
  roles: Record<M, StaffRole>;
  /** How each `:param` of the paths is checked; a value that fails names nothing here (404). */
  params?: S;
  /** For each path in `config.path`, what each method does there. */
  routes: { [Path in keyof Routes]: { [Verb in M]?: Action<ParamsOf<Path & string, S>> } };
}

export type AdminHandler = ((req: Request, context: Context) => Promise<Response>) & {
  /** Which role each method needs: read by the authorisation sweep test. */
  access: Partial<Record<Method, StaffRole>>;
};

const nothingHere = () => new AppError('not_found', 'Nothing to do at this address with this method.');

/**
 * An admin function: every method checks the session and its role on the server, changes must come
 * from this site (CSRF), and better-auth's refreshed session cookie is passed on. Then the request
 * goes to the action declared for its path and method, with the path's `:params` checked.
 *
 * `config` is the function's exported config, written as a literal because Netlify's bundler reads
 * it without running the file (a variable there deploys the function with no route). Its paths and
 * the routes here must be the same list: a route Netlify would not deploy, or a deployed path with
 * no route, fails when the module loads.
 */
export function adminRoute<M extends Method, S extends ParamSchemas = Record<never, never>, Routes = unknown>(config: Config, spec: AdminRouteSpec<M, S, Routes>): AdminHandler;
export function adminRoute(config: Config, spec: AdminRouteSpec<Method, ParamSchemas, unknown>): AdminHandler {
  const paths = declaredPaths(config.path);
  const routes = spec.routes as Record<string, Partial<Record<Method, Action<Record<string, unknown>>>>>;
  const schemas: ParamSchemas = spec.params ?? {};
  checkDeclarations(paths, routes, Object.keys(spec.roles), schemas);

  const fn = handler(Object.keys(spec.roles), async (req, context) => {
    const method = req.method as Method;
    const { staff, twoFactor, setCookies } = await requireStaff(req, spec.roles[method]);
    if (method !== 'GET') assertSameOrigin(req);
    const url = new URL(req.url);
    const match = matchPath(paths, url.pathname);
    const action = match && routes[match.path]?.[method];
    if (!match || !action) throw nothingHere();
    const ip = clientIp(req, context);
    const result = await action({
      req,
      url,
      params: parseParams(match.params, schemas),
      staff,
      twoFactor,
      ip,
      audit: (sql, entry) => writeAudit(sql, staff, ip, entry),
    });
    const response = result instanceof Response ? result : Response.json(result ?? { ok: true });
    for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
    response.headers.set('x-robots-tag', 'noindex');
    return response;
  });
  return Object.assign(fn, { access: { ...spec.roles } as Partial<Record<Method, StaffRole>> });
}

function parseParams(values: Record<string, string>, schemas: ParamSchemas): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const result = schemas[name]!.safeParse(value);
    // A path that names no record is not found, whatever its shape: the same answer as an unknown id.
    if (!result.success) throw new AppError('not_found', result.error.issues[0]?.message ?? 'Not found.');
    parsed[name] = result.data;
  }
  return parsed;
}

/**
 * One list of paths for Netlify and for the routes, a schema for every `:param`, and no role for a
 * method no path answers: checked once, when the module loads.
 */
function checkDeclarations(paths: string[], routes: Record<string, object>, methods: string[], schemas: ParamSchemas): void {
  const routePaths = Object.keys(routes);
  const problems = [
    ...paths.filter((p) => !routePaths.includes(p)).map((p) => `${p} is in config.path but has no route`),
    ...routePaths.filter((p) => !paths.includes(p)).map((p) => `${p} has a route but is not in config.path (Netlify would not deploy it)`),
    ...paths.flatMap((p) => compilePath(p).params).filter((name) => !(name in schemas)).map((name) => `:${name} has no schema in params`),
    ...methods.filter((m) => !Object.values(routes).some((actions) => m in actions)).map((m) => `${m} has a role but no path answers it`),
  ];
  if (problems.length) throw new Error(`adminRoute: ${[...new Set(problems)].join('; ')}`);
}
