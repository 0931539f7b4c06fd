import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { readLogoBody, removeBusinessLogo, uploadBusinessLogo } from '../../src/lib/settings/index.server';
import { fileStorage } from '../../src/lib/storage/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: '/api/admin/logo' };

/**
 * The business's logo (owners): POST the image's bytes (PNG, JPEG or WebP, at most 1 MB; never SVG)
 * to replace it, DELETE to show the name alone. Either asks for a rebuild: the header is prebuilt.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/logo': {
      POST: { role: 'owner', run: async ({ req, audit }) => Response.json(await uploadBusinessLogo(db(), fileStorage(), await readLogoBody(req), audit), { status: 201 }) },
      DELETE: { role: 'owner', run: ({ audit }) => removeBusinessLogo(db(), audit) },
    },
  },
});
