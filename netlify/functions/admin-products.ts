import type { Config } from '@netlify/functions';
import { adminProductInput, photoOrderInput, photoUploadQuery, productListQuery } from '../../src/lib/catalog';
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  productEditor,
  productListPage,
  updateProduct,
  addProductPhoto,
  arrangePhotos,
  deletePhoto,
  readPhotoBody,
} from '../../src/lib/catalog/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, parseJson, parseQuery } from '../../src/lib/http';
import { fileStorage } from '../../src/lib/storage/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';

export const config: Config = { path: ['/api/admin/products', '/api/admin/products/:id', '/api/admin/products/:id/photos', '/api/admin/products/:id/photos/:photoId'] };

/**
 * Products: crew read (prices included), managers and owners change. Every change is audited and
 * asks for a rebuild of the public pages in the same transaction; prices reach /api/quote-price at once.
 */
export default adminRoute(config, {
  params: { id: recordId, photoId: recordId },
  routes: {
    '/api/admin/products': {
      GET: { role: 'crew', run: ({ url }) => productListPage(db(), parseQuery(url, productListQuery)) },
      POST: { role: 'manager', run: async ({ req, audit }) => Response.json({ product: await createProduct(db(), await parseJson(req, adminProductInput), audit) }, { status: 201 }) },
    },
    '/api/admin/products/:id': {
      GET: { role: 'crew', run: ({ params }) => productEditor(db(), params.id) },
      PUT: { role: 'manager', run: async ({ req, params, audit }) => ({ product: await updateProduct(db(), params.id, await parseJson(req, adminProductInput), audit) }) },
      DELETE: {
        role: 'manager',
        run: async ({ params, audit }) => {
          await deleteProduct(db(), params.id, audit);
          return { deleted: true };
        },
      },
    },
    '/api/admin/products/:id/photos': {
      GET: { role: 'crew', run: async ({ params }) => ({ photos: (await getAdminProduct(db(), params.id)).photos }) },
      POST: {
        role: 'manager',
        run: async ({ req, url, params, audit }) => {
          const { alt, altEs } = parseQuery(url, photoUploadQuery);
          const photo = await addProductPhoto(db(), fileStorage(), { productId: params.id, bytes: await readPhotoBody(req), alt, altEs }, audit);
          return Response.json({ photo }, { status: 201 });
        },
      },
      PUT: { role: 'manager', run: async ({ req, params, audit }) => ({ photos: await arrangePhotos(db(), params.id, await parseJson(req, photoOrderInput), audit) }) },
    },
    '/api/admin/products/:id/photos/:photoId': {
      DELETE: {
        role: 'manager',
        run: async ({ params, audit }) => {
          await deletePhoto(db(), params.id, params.photoId, audit);
          return { deleted: true };
        },
      },
    },
  },
});
