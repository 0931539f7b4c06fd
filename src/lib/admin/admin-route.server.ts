import type { Config, Context } from '@netlify/functions';
import { z } from '../validation';
import { writeAudit, type Audit, assertSameOrigin, requireStaff, type Staff } from '../auth/index.server';
import { AppError, clientIp, compilePath, declaredPaths, handler, matchPath } from '../http';
import { staffRoles, type StaffRole } from '../auth';
import { db } from '../db/index.server';
import { recordRequestKey, requestKeyOf, storeAnswer, storedAnswer, type RequestKey } from './request-keys.server';

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

/** What one method does at one path, and the lowest role allowed to ask for it. */
export interface RouteAction<Params> {
  role: StaffRole;
  run: Action<Params>;
  /**
   * Done once per `Idempotency-Key` (request-keys.server.ts): a change the crew app may send again
   * after a lost connection. The key is written with the action's first audit entry, in its
   * transaction; a repeat gets the first answer back. Only for changes that audit (every change does).
   */
  once?: true;
}

export interface AdminRouteSpec<S extends ParamSchemas, Routes> {
  /** How each `:param` of the paths is checked; a value that fails names nothing here (404). */
  params?: S;
  /** For each path in `config.path`, each method's lowest role and what it does there. */
  routes: { [Path in keyof Routes]: { [Verb in Method]?: RouteAction<ParamsOf<Path & string, S>> } };
}

/** For each path of a function, the role each of its methods needs. */
export type RouteAccess = Record<string, Partial<Record<Method, StaffRole>>>;

export type AdminHandler = ((req: Request, context: Context) => Promise<Response>) & {
  /** The role each method needs at each path: read by the authorisation sweep test. */
  access: RouteAccess;
  /** The paths and methods done once per Idempotency-Key, as `POST /api/admin/…`. */
  once: string[];
  /** Every method some path answers (others get 405): what the admin fuzzing sends. */
  methods: Method[];
};

const nothingHere = () => new AppError('not_found', 'Nothing to do at this address with this method.');

/**
 * An admin function: every request checks the session and the role its route and method need, on
 * the server; changes must come from this site (CSRF), and better-auth's refreshed session cookie is
 * passed on. Then the request goes to the action declared for its path and method, with the path's
 * `:params` checked. A path and method with no action still asks for a session first (the lowest role
 * that method needs anywhere in the function), so an address is never confirmed to a stranger: 404
 * comes only after sign-in.
 *
 * `config` is the function's exported config, written as a literal because Netlify's bundler reads
 * it without running the file (a variable there deploys the function with no route). Its paths and
 * the routes here must be the same list: a route Netlify would not deploy, or a deployed path with
 * no route, fails when the module loads.
 */
export function adminRoute<S extends ParamSchemas = Record<never, never>, Routes = unknown>(config: Config, spec: AdminRouteSpec<S, Routes>): AdminHandler;
export function adminRoute(config: Config, spec: AdminRouteSpec<ParamSchemas, unknown>): AdminHandler {
  const paths = declaredPaths(config.path);
  const routes = spec.routes as Record<string, Partial<Record<Method, RouteAction<Record<string, unknown>>>>>;
  const schemas: ParamSchemas = spec.params ?? {};
  checkDeclarations(paths, routes, schemas);
  const access: RouteAccess = Object.fromEntries(
    Object.entries(routes).map(([path, actions]) => [path, Object.fromEntries(Object.entries(actions).map(([method, action]) => [method, action.role]))]),
  );
  const methods = [...new Set(Object.values(access).flatMap((byMethod) => Object.keys(byMethod)))] as Method[];
  const lowestRole = (method: Method) =>
    staffRoles.find((role) => Object.values(access).some((byMethod) => byMethod[method] === role)) ?? staffRoles.at(-1)!;

  const fn = handler(methods, async (req, context) => {
    const method = req.method as Method;
    const url = new URL(req.url);
    const match = matchPath(paths, url.pathname);
    const action = match && routes[match.path]?.[method];
    const { staff, twoFactor, setCookies } = await requireStaff(req, action ? action.role : lowestRole(method));
    if (method !== 'GET') assertSameOrigin(req);
    if (!match || !action) throw nothingHere();
    const ip = clientIp(req, context);
    const params = parseParams(match.params, schemas);
    const finish = (response: Response) => {
      for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
      response.headers.set('x-robots-tag', 'noindex');
      return response;
    };
    const key = action.once ? await requestKeyOf(req, staff.id, url.pathname) : null;
    if (!key) {
      const result = await action.run({ req, url, params, staff, twoFactor, ip, audit: (sql, entry) => writeAudit(sql, staff, ip, entry) });
      return finish(asResponse(result));
    }
    const audit: Audit = (sql, entry) => writeAudit(sql, staff, ip, entry);
    return finish(await runOnce(key, audit, (onceAudit) => action.run({ req, url, params, staff, twoFactor, ip, audit: onceAudit })));
  });
  const once = Object.entries(routes).flatMap(([path, actions]) =>
    Object.entries(actions)
      .filter(([, action]) => action.once)
      .map(([method]) => `${method} ${path}`),
  );
  return Object.assign(fn, { access, methods, once });
}

/**
 * An action done once per key: a repeat gets the stored answer. The key is written with the first
 * audit entry, in the change's transaction, so a concurrent repeat's change rolls back (unique key)
 * or is refused by the first one's (a status already moved, a balance already paid); either way,
 * once the key is on record, the repeat is answered with the first request's answer.
 */
async function runOnce(key: RequestKey, audit: Audit, run: (audit: Audit) => unknown): Promise<Response> {
  const replay = await storedAnswer(db(), key);
  if (replay) return replay;
  let recorded = false;
  let result: unknown;
  try {
    result = await run(async (sql, entry) => {
      if (!recorded) {
        await recordRequestKey(sql, key);
        recorded = true;
      }
      await audit(sql, entry);
    });
  } catch (error) {
    const first = await storedAnswer(db(), key);
    if (first) return first;
    throw error;
  }
  // Every change audits; one that did not is still answered once from now on.
  if (!recorded) await recordRequestKey(db(), key);
  const response = asResponse(result);
  await storeAnswer(db(), key, response);
  return response;
}

const asResponse = (result: unknown) => (result instanceof Response ? result : Response.json(result ?? { ok: true }));

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

/** One list of paths for Netlify and for the routes, and a schema for every `:param`: checked once, when the module loads. */
function checkDeclarations(paths: string[], routes: Record<string, object>, schemas: ParamSchemas): void {
  const routePaths = Object.keys(routes);
  const problems = [
    ...paths.filter((p) => !routePaths.includes(p)).map((p) => `${p} is in config.path but has no route`),
    ...routePaths.filter((p) => !paths.includes(p)).map((p) => `${p} has a route but is not in config.path (Netlify would not deploy it)`),
    ...paths.flatMap((p) => compilePath(p).params).filter((name) => !(name in schemas)).map((name) => `:${name} has no schema in params`),
    ...routePaths.filter((p) => Object.keys(routes[p]!).length === 0).map((p) => `${p} answers no method`),
  ];
  if (problems.length) throw new Error(`adminRoute: ${[...new Set(problems)].join('; ')}`);
}
