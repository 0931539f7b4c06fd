import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { adminProductInput, photoOrderInput, productListQuery } from '../../src/lib/admin/catalog';
import {
  categoryOptions,
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  packageCandidates,
  updateProduct,
} from '../../src/lib/admin/catalog.server';
import { addProductPhoto, arrangePhotos, deletePhoto, readPhotoBody } from '../../src/lib/admin/product-photos.server';
import { requestRebuild } from '../../src/lib/admin/publishing.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, parseQuery } from '../../src/lib/http/request';
import { fileStorage } from '../../src/lib/storage/storage.server';

export const config: Config = { path: ['/api/admin/products', '/api/admin/products/:id', '/api/admin/products/:id/photos', '/api/admin/products/:id/photos/:photoId'] };

const ids = z.object({ id: z.uuid({ error: 'Not a product id' }), photoId: z.uuid({ error: 'Not a photo id' }).optional() });
const photoQuery = z.object({ alt: z.string({ error: 'Describe the photo' }).trim().min(1, 'Describe the photo for people who cannot see it').max(200, 'Use at most 200 characters') });

/** Which of the four addresses was called, with its ids checked. */
function target(url: URL, params: Record<string, string>) {
  if (!params.id) return { kind: 'products' as const };
  const { id, photoId } = ids.parse(params);
  if (photoId) return { kind: 'photo' as const, id, photoId };
  return url.pathname.replace(/\/$/, '').endsWith('/photos') ? { kind: 'photos' as const, id } : { kind: 'product' as const, id };
}
const noSuchAction = () => new AppError('not_found', 'Nothing to do at this address.');

/**
 * Products: crew read (prices included), managers and owners change. Every change is audited and
 * asks for a rebuild of the public pages in the same transaction; prices reach /api/quote-price at once.
 */
export default adminRoute(config, {
  GET: {
    role: 'crew',
    run: async ({ url, params }) => {
      const t = target(url, params);
      if (t.kind === 'products') {
        // The categories come along for the list's filter: crew may not read the categories screen.
        const [page, categories] = await Promise.all([listAdminProducts(db(), parseQuery(url, productListQuery)), categoryOptions(db())]);
        return { ...page, categories };
      }
      if (t.kind === 'photo') throw noSuchAction();
      const product = await getAdminProduct(db(), t.id);
      if (t.kind === 'photos') return { photos: product.photos };
      const [categories, candidates] = await Promise.all([categoryOptions(db()), packageCandidates(db())]);
      return { product, options: { categories, packageCandidates: candidates.filter((c) => c.id !== product.id) } };
    },
  },
  POST: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      const t = target(url, params);
      if (t.kind === 'products') {
        const input = await parseJson(req, adminProductInput);
        const product = await db().begin(async (tx) => {
          const created = await createProduct(tx, input);
          await audit(tx, { action: 'product.create', entity: 'product', entityId: created.id, before: null, after: created });
          await requestRebuild(tx, `New product “${created.name}”`);
          return created;
        });
        return Response.json({ product }, { status: 201 });
      }
      if (t.kind !== 'photos') throw noSuchAction();
      const { alt } = parseQuery(url, photoQuery);
      const bytes = await readPhotoBody(req);
      const photo = await addProductPhoto(db(), fileStorage(), { productId: t.id, bytes, alt }, async (tx, saved) => {
        await audit(tx, { action: 'product.photo.add', entity: 'product', entityId: t.id, before: null, after: saved });
        await requestRebuild(tx, 'Product photo added');
      });
      return Response.json({ photo }, { status: 201 });
    },
  },
  PUT: {
    role: 'manager',
    run: async ({ req, url, params, audit }) => {
      const t = target(url, params);
      if (t.kind === 'product') {
        const input = await parseJson(req, adminProductInput);
        return db().begin(async (tx) => {
          const { before, after } = await updateProduct(tx, t.id, input);
          await audit(tx, { action: 'product.update', entity: 'product', entityId: t.id, before, after });
          await requestRebuild(tx, `Product “${after.name}” changed`);
          return { product: after };
        });
      }
      if (t.kind !== 'photos') throw noSuchAction();
      const input = await parseJson(req, photoOrderInput);
      return db().begin(async (tx) => {
        const { before, after } = await arrangePhotos(tx, t.id, input);
        await audit(tx, { action: 'product.photos.arrange', entity: 'product', entityId: t.id, before, after });
        await requestRebuild(tx, 'Product photos rearranged');
        return { photos: after };
      });
    },
  },
  DELETE: {
    role: 'manager',
    run: async ({ url, params, audit }) => {
      const t = target(url, params);
      if (t.kind === 'product') {
        return db().begin(async (tx) => {
          const before = await deleteProduct(tx, t.id);
          await audit(tx, { action: 'product.delete', entity: 'product', entityId: t.id, before, after: null });
          await requestRebuild(tx, `Product “${before.name}” deleted`);
          return { deleted: true };
        });
      }
      if (t.kind !== 'photo') throw noSuchAction();
      return db().begin(async (tx) => {
        const before = await deletePhoto(tx, t.id, t.photoId);
        await audit(tx, { action: 'product.photo.delete', entity: 'product', entityId: t.id, before, after: null });
        await requestRebuild(tx, 'Product photo deleted');
        return { deleted: true };
      });
    },
  },
});
