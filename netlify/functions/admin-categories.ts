import type { Config } from '@netlify/functions';
import { adminCategoryInput, categoryListQuery, deleteCategoryQuery } from '../../src/lib/catalog';
import { createCategory, deleteCategory, getAdminCategory, listAdminCategories, updateCategory } from '../../src/lib/catalog/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/categories', '/api/admin/categories/:id'] };

/** Categories shown on the public site: managers and owners only. Changes ask for a rebuild. */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/categories': {
      GET: { role: 'manager', run: ({ url }) => listAdminCategories(db(), parseQuery(url, categoryListQuery)) },
      POST: { role: 'manager', run: async ({ req, audit }) => Response.json({ category: await createCategory(db(), await parseJson(req, adminCategoryInput), audit) }, { status: 201 }) },
    },
    '/api/admin/categories/:id': {
      GET: { role: 'manager', run: async ({ params }) => ({ category: await getAdminCategory(db(), params.id) }) },
      PUT: { role: 'manager', run: async ({ req, params, audit }) => ({ category: await updateCategory(db(), params.id, await parseJson(req, adminCategoryInput), audit) }) },
      DELETE: {
        role: 'manager',
        run: async ({ url, params, audit }) => {
          const { moved } = await deleteCategory(db(), params.id, parseQuery(url, deleteCategoryQuery).moveTo, audit);
          return { deleted: true, moved };
        },
      },
    },
  },
});
