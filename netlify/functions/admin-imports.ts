import type { Config } from '@netlify/functions';
import { catalogImportBody, exportCatalog, importCatalog, IMPORT_MAX_BODY_BYTES, importModeQuery, previewCatalogImport } from '../../src/lib/catalog/index.server';
import { env } from '../../src/lib/config';
import { customersImportBody, importCustomers, previewCustomersImport } from '../../src/lib/customers/index.server';
import { db } from '../../src/lib/db/index.server';
import { validationError, parseQuery, readJson } from '../../src/lib/http';
import { csvResponse } from '../../src/lib/reports';
import { fileStorage } from '../../src/lib/storage/index.server';
import type { z } from '../../src/lib/validation';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/imports/catalog', '/api/admin/imports/customers', '/api/admin/exports/catalog'] };

/** The files travel base64 in JSON (Netlify's local emulation garbles binary multipart bodies). */
async function filesBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readJson(req, IMPORT_MAX_BODY_BYTES));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Catalog and customers from a CSV file (managers and owners): `?mode=preview` checks the whole file
 * and answers every row with its errors, writing nothing; `?mode=import` checks it again and writes
 * every row in one audited transaction, or nothing (400 naming rows and cells). The catalog export is
 * the import's format.
 */
export default adminRoute(config, {
  routes: {
    '/api/admin/imports/catalog': {
      POST: {
        role: 'manager',
        run: async ({ req, url, audit }) => {
          const body = await filesBody(req, catalogImportBody);
          const { mode } = parseQuery(url, importModeQuery);
          const options = { siteUrl: env().SITE_URL };
          return mode === 'preview' ? { preview: await previewCatalogImport(db(), body, options) } : { result: await importCatalog(db(), fileStorage(), body, options, audit) };
        },
      },
    },
    '/api/admin/imports/customers': {
      POST: {
        role: 'manager',
        run: async ({ req, url, audit }) => {
          const body = await filesBody(req, customersImportBody);
          const { mode } = parseQuery(url, importModeQuery);
          return mode === 'preview' ? { preview: await previewCustomersImport(db(), body) } : { result: await importCustomers(db(), body, audit) };
        },
      },
    },
    '/api/admin/exports/catalog': {
      GET: { role: 'manager', run: async () => csvResponse(await exportCatalog(db(), env().SITE_URL)) },
    },
  },
});
