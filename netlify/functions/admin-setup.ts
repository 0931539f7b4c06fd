import type { Config } from '@netlify/functions';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { publishNow } from '../../src/lib/publishing/index.server';
import { parseJson, readJson } from '../../src/lib/http';
import { setupStepName } from '../../src/lib/setup';
import { finishSetup, removeDemo, saveSetupStep, setupOverview } from '../../src/lib/setup/index.server';
import { z } from '../../src/lib/validation';
import { adminRoute } from '../../src/lib/admin/index.server';

// The actions before `:step`, so /finish and /remove-demo are never read as a step.
export const config: Config = {
  path: ['/api/admin/setup', '/api/admin/setup/finish', '/api/admin/setup/remove-demo', '/api/admin/setup/:step'],
};

/** "Remove the demo" deletes a lot at once: the request must say so. */
const removeDemoBody = z.object({ confirm: z.literal(true, { error: 'Confirm that the demo is to be removed' }) });

/**
 * The first-run setup (owners only): where the owner is, each step saved on "Next" (audited), "Finish"
 * (marks the setup done and publishes), and "Remove the demo".
 */
export default adminRoute(config, {
  params: { step: setupStepName },
  routes: {
    '/api/admin/setup': { GET: { role: 'owner', run: () => setupOverview(db()) } },
    // Finishing publishes at once (as "Publish now"): the owner expects to see their business.
    '/api/admin/setup/finish': {
      POST: {
        role: 'owner',
        run: async ({ url, audit }) => {
          const finished = await finishSetup(db(), audit);
          const { result } = await publishNow(db(), env().NETLIFY_BUILD_HOOK_URL, url.origin, audit, new Date());
          return { ...finished, publishing: result };
        },
      },
    },
    '/api/admin/setup/remove-demo': {
      POST: {
        role: 'owner',
        run: async ({ req, audit }) => {
          await parseJson(req, removeDemoBody);
          return removeDemo(db(), audit);
        },
      },
    },
    '/api/admin/setup/:step': { PUT: { role: 'owner', run: async ({ req, params, audit }) => saveSetupStep(db(), params.step, await readJson(req), audit) } },
  },
});
