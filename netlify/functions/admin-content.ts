import path from 'node:path';
import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { contentDir } from '../../src/lib/content';
import { contentAction, contentRequest, contentStoreFor } from '../../src/lib/content/index.server';
import { db } from '../../src/lib/db/index.server';
import { validationError, readJson } from '../../src/lib/http';
import { runningOnNetlify } from '../../src/lib/runtime/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';
import { PLACEHOLDER_NAMES } from '../../src/lib/site';

export const config: Config = { path: '/api/admin/content' };

/** A saved entry is at most 200 KB of text; JSON escaping and Decap's envelope add some. */
const MAX_REQUEST_BYTES = 512 * 1024;

/**
 * The content editor's backend (/admin/content speaks Decap CMS's `proxy` protocol to it): every
 * action, reads included, is a POST, for managers and owners.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/content': {
      POST: {
        role: 'manager',
        run: async ({ req, staff, audit }) => {
          const parsed = contentRequest.safeParse(await readJson(req, MAX_REQUEST_BYTES));
          if (!parsed.success) throw validationError(parsed.error);
          const settings = env();
          const store = contentStoreFor({
            onNetlify: runningOnNetlify(),
            contentDir: path.resolve(contentDir({ CONTENT_DIR: settings.CONTENT_DIR })),
            repo: settings.CONTENT_GIT_REPO,
            token: settings.CONTENT_GIT_TOKEN,
            branch: settings.CONTENT_GIT_BRANCH,
            apiBase: settings.CONTENT_GIT_API,
          });
          return contentAction(parsed.data, { sql: db(), store, audit, staff: { name: staff.name, email: staff.email }, placeholders: PLACEHOLDER_NAMES });
        },
      },
    },
  },
});
