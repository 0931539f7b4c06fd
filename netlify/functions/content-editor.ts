import path from 'node:path';
import type { Config } from '@netlify/functions';
import { hasRole, twoFactorRequiredFor } from '../../src/lib/auth';
import { currentStaff } from '../../src/lib/auth/index.server';
import { env } from '../../src/lib/config';
import { contentDir, editorConfig, editorPage, editorPagePolicy, notAllowedPage } from '../../src/lib/content';
import { contentStoreFor, spanishMissing } from '../../src/lib/content/index.server';
import { runningOnNetlify } from '../../src/lib/runtime/index.server';
import { handler } from '../../src/lib/http';
import { adminPaths } from '../../src/lib/paths';

export const config: Config = { path: '/admin/content' };

const html = (body: string, status: number, policy: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy, 'x-robots-tag': 'noindex', 'cache-control': 'no-store' } });

/**
 * The content editor's page. Served by a function rather than prebuilt, because it needs its own
 * Content-Security-Policy (see editorPagePolicy) and because the editor is only sent to a signed-in
 * manager or owner: anyone else is sent to sign in, or told their role cannot edit content. It also
 * lists, above each Spanish collection, the English entries with no Spanish one yet.
 */
export default handler(['GET'], async (req) => {
  const session = await currentStaff(req);
  if (!session) return new Response(null, { status: 303, headers: { location: adminPaths.login(adminPaths.content) } });
  if (twoFactorRequiredFor(session.staff.role) && !session.twoFactor) return new Response(null, { status: 303, headers: { location: adminPaths.twoFactorThen(adminPaths.content) } });
  const strict = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  if (!hasRole(session.staff.role, 'manager')) return html(notAllowedPage(session.staff.role), 403, strict);
  const settings = env();
  const store = contentStoreFor({
    onNetlify: runningOnNetlify(),
    contentDir: path.resolve(contentDir({ CONTENT_DIR: settings.CONTENT_DIR })),
    repo: settings.CONTENT_GIT_REPO,
    token: settings.CONTENT_GIT_TOKEN,
    branch: settings.CONTENT_GIT_BRANCH,
    apiBase: settings.CONTENT_GIT_API,
  });
  // Which English entries have no Spanish one yet, shown above each Spanish collection (staff only: this
  // page is). A store that cannot be read (GitHub down) leaves the list out rather than the editor.
  const missing = store ? await spanishMissing(store).catch(() => undefined) : undefined;
  const response = html(editorPage(editorConfig({ siteUrl: settings.SITE_URL, branch: settings.CONTENT_GIT_BRANCH, ...(missing ? { spanishMissing: missing } : {}) })), 200, editorPagePolicy());
  for (const cookie of session.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});
