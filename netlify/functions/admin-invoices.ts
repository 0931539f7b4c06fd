import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { recordId } from '../../src/lib/http';
import { pdfResponse, staffInvoicePdf } from '../../src/lib/invoices/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

/** A booking's invoice PDF for staff (every role: crew hand it over at delivery). */
export const config: Config = { path: ['/api/admin/bookings/:id/invoice'] };

export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/bookings/:id/invoice': {
      GET: { role: 'crew', run: async ({ params }) => pdfResponse(await staffInvoicePdf(db(), params.id, new Date()), 'attachment') },
    },
  },
});
