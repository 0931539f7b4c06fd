import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { adminCategoryInput, categoryListQuery, deleteCategoryQuery } from '../../src/lib/admin/catalog';
import { createCategory, deleteCategory, getAdminCategory, listAdminCategories, updateCategory } from '../../src/lib/admin/catalog.server';
import { requestRebuild } from '../../src/lib/admin/publishing.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';

export const config: Config = { path: ['/api/admin/categories', '/api/admin/categories/:id'] };
const categoryId = (params: Record<string, string>) => z.object({ id: z.uuid({ error: 'Not a category id' }) }).parse(params).id;
const needsId = () => new AppError('not_found', 'Name a category: /api/admin/categories/{id}.');

/** Categories shown on the public site: managers and owners only. */
export default adminRoute(config, {
  GET: {
    role: 'manager',
    run: async ({ url, params }) => {
      if (!params.id) return listAdminCategories(db(), parseQuery(url, categoryListQuery));
      return { category: await getAdminCategory(db(), categoryId(params)) };
    },
  },
  POST: {
    role: 'manager',
    run: async ({ req, params, audit }) => {
      if (params.id) throw new AppError('not_found', 'Create categories at /api/admin/categories.');
      const input = await parseJson(req, adminCategoryInput);
      const category = await db().begin(async (tx) => {
        const created = await createCategory(tx, input);
        await audit(tx, { action: 'category.create', entity: 'category', entityId: created.id, before: null, after: created });
        await requestRebuild(tx, `New category “${created.name}”`);
        return created;
      });
      return Response.json({ category }, { status: 201 });
    },
  },
  PUT: {
    role: 'manager',
    run: async ({ req, params, audit }) => {
      if (!params.id) throw needsId();
      const id = categoryId(params);
      const input = await parseJson(req, adminCategoryInput);
      return db().begin(async (tx) => {
        const { before, after } = await updateCategory(tx, id, input);
        await audit(tx, { action: 'category.update', entity: 'category', entityId: id, before, after });
        await requestRebuild(tx, `Category “${after.name}” changed`);
        return { category: after };
      });
    },
  },
  DELETE: {
    role: 'manager',
    run: async ({ url, params, audit }) => {
      if (!params.id) throw needsId();
      const id = categoryId(params);
      const { moveTo } = parseQuery(url, deleteCategoryQuery);
      return db().begin(async (tx) => {
        const { before, moved } = await deleteCategory(tx, id, moveTo);
        await audit(tx, { action: 'category.delete', entity: 'category', entityId: id, before, after: moved ? { productsMovedTo: moveTo, moved } : null });
        await requestRebuild(tx, `Category “${before.name}” deleted`);
        return { deleted: true, moved };
      });
    },
  },
});
