import type { Config, Context } from '@netlify/functions';
import { writeAudit, type AuditEntry } from '../auth/audit.server';
import type { StaffRole } from '../auth/roles';
import { assertSameOrigin, requireStaff, type Staff } from '../auth/staff-session.server';
import type { Sql } from '../db/client.server';
import { handler } from './handler';
import { matchPath } from './path-params';
import { clientIp } from './request';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminRequest {
  req: Request;
  url: URL;
  /** `:param` values from the route's path. */
  params: Record<string, string>;
  staff: Staff;
  ip: string;
  /** Writes an audit entry for this staff member (pass the transaction that made the change). */
  audit(sql: Sql, entry: AuditEntry): Promise<void>;
}

export interface AdminAction {
  /** The lowest role allowed to do this. */
  role: StaffRole;
  /** Returns a Response, or a value sent as JSON. */
  run(request: AdminRequest): Promise<unknown>;
}

export type AdminHandler = ((req: Request, context: Context) => Promise<Response>) & {
  /** Which role each method needs: read by the authorisation sweep test. */
  access: Partial<Record<Method, StaffRole>>;
};

/**
 * An admin function: every method checks the session and role on the server, changes must come
 * from this site (CSRF), and better-auth's refreshed session cookie is passed on.
 *
 * `config` is the function's exported config, written as a literal because Netlify's bundler reads
 * it without running the file (a variable there deploys the function with no route); handing the
 * same object here keeps one list of paths for Netlify's routing and for reading `:params`.
 */
export function adminRoute(config: Config, actions: Partial<Record<Method, AdminAction>>): AdminHandler {
  const paths = config.path === undefined ? [] : Array.isArray(config.path) ? [...config.path] : [config.path];
  const fn = handler(Object.keys(actions), async (req, context) => {
    const action = actions[req.method as Method]!;
    const { staff, setCookies } = await requireStaff(req, action.role);
    if (req.method !== 'GET') assertSameOrigin(req);
    const url = new URL(req.url);
    const ip = clientIp(req, context);
    const result = await action.run({
      req,
      url,
      params: matchPath(paths, url.pathname) ?? {},
      staff,
      ip,
      audit: (sql, entry) => writeAudit(sql, staff, ip, entry),
    });
    const response = result instanceof Response ? result : Response.json(result ?? { ok: true });
    for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
    response.headers.set('x-robots-tag', 'noindex');
    return response;
  });
  const access = Object.fromEntries(Object.entries(actions).map(([method, action]) => [method, action.role]));
  return Object.assign(fn, { access });
}
