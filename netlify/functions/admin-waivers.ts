import type { Config } from '@netlify/functions';
import { missingWaiverQuery, waiverListQuery, waiverReviewInput, waiverTextInput } from '../../src/lib/waivers';
import { confirmWaiverReview, listMissingWaivers, listWaiverTexts, listWaivers, publishWaiverText, waiverPdfForStaff } from '../../src/lib/waivers/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = {
  path: ['/api/admin/waivers', '/api/admin/waivers/missing', '/api/admin/waivers/texts', '/api/admin/waivers/texts/review', '/api/admin/waivers/:id/pdf'],
};

/**
 * Signed waivers (crew and up): the list, bookings still missing one, and each signed PDF. The waiver's
 * text per language (owners): its versions, a new version published, a version's lawyer's review confirmed.
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/waivers': {
      GET: { role: 'crew', run: ({ url }) => listWaivers(db(), parseQuery(url, waiverListQuery)) },
    },
    '/api/admin/waivers/missing': {
      GET: { role: 'crew', run: ({ url }) => listMissingWaivers(db(), parseQuery(url, missingWaiverQuery), new Date()) },
    },
    '/api/admin/waivers/texts': {
      GET: { role: 'owner', run: () => listWaiverTexts(db()) },
      POST: { role: 'owner', run: async ({ req, staff, audit }) => publishWaiverText(db(), await parseJson(req, waiverTextInput), staff, audit, new Date()) },
    },
    '/api/admin/waivers/texts/review': {
      POST: { role: 'owner', run: async ({ req, staff, audit }) => confirmWaiverReview(db(), await parseJson(req, waiverReviewInput), staff, audit, new Date()) },
    },
    '/api/admin/waivers/:id/pdf': {
      GET: {
        role: 'crew',
        run: async ({ params }) => {
          const { bytes, filename } = await waiverPdfForStaff(db(), params.id);
          return new Response(new Uint8Array(bytes), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `inline; filename="${filename}"`,
              'cache-control': 'private, no-store',
            },
          });
        },
      },
    },
  },
});
