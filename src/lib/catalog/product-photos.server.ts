import { randomUUID } from 'node:crypto';
import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError, readBody } from '../http';
import type { FileStorage, StoredFile } from '../storage';
import { type AdminPhoto, notFoundProduct } from './catalog-admin.server';
import type { PhotoOrderInput } from './catalog-admin';
import { checkProductPhoto, parsePhotoFile, productPhotoUrl, PRODUCT_PHOTO_MAX_BYTES } from './product-photo';
import { auditedChange } from '../admin/index.server';

const MAX_PHOTOS = 20;
export const PHOTO_NOT_SAVED = 'We can’t save photos right now: file storage is not answering. Nothing was added; please try again in a minute.';

/** An upload's raw bytes; past the limit it is refused on the photo field. */
export async function readPhotoBody(req: Request): Promise<Uint8Array> {
  // A little room over the limit, so "exactly 4 MB + 1 byte" is refused by checkProductPhoto with the same message.
  return readBody(req, PRODUCT_PHOTO_MAX_BYTES + 1, () => fieldError('photo', 'Choose a photo of at most 4 MB'));
}

export const storagePathOf = (productId: string, photoId: string, extension: string) => `product-photos/${productId}/${photoId}.${extension}`;

/**
 * Stores the file first, then records it with the audit entry in one transaction: a failed upload
 * leaves no row pointing at nothing (at worst an unreferenced file in storage).
 */
export async function addProductPhoto(
  sql: Database,
  storage: FileStorage,
  input: { productId: string; bytes: Uint8Array; alt: string; altEs: string | null },
  audit: Audit,
): Promise<AdminPhoto> {
  const check = checkProductPhoto(input.bytes);
  if (!check.ok) throw fieldError('photo', check.message);
  const [product] = await sql<{ photos: number }[]>`select (select count(*)::int from product_photos where product_id = p.id) as photos from products p where p.id = ${input.productId}`;
  if (!product) throw notFoundProduct();
  if (product.photos >= MAX_PHOTOS) throw fieldError('photo', `A product shows at most ${MAX_PHOTOS} photos. Delete one first.`);

  const id = randomUUID();
  const path = storagePathOf(input.productId, id, check.extension);
  await storage.put(path, input.bytes, check.type).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'unavailable' ? new AppError('unavailable', PHOTO_NOT_SAVED) : error;
  });
  return auditedChange(sql, audit, {
    lock: (tx) => lockProduct(tx, input.productId),
    change: async (tx) => {
      const url = productPhotoUrl(id, check.extension);
      await tx`
        insert into product_photos (id, product_id, url, alt, alt_es, sort_order, storage_path)
        values (${id}, ${input.productId}, ${url}, ${input.alt}, ${input.altEs},
          (select coalesce(max(sort_order) + 1, 0) from product_photos where product_id = ${input.productId}), ${path})`;
      await tx`update products set updated_at = now() where id = ${input.productId}`;
      return { id, url, alt: input.alt, altEs: input.altEs, uploaded: true } satisfies AdminPhoto;
    },
    audit: (photo) => ({ action: 'product.photo.add', entity: 'product', entityId: input.productId, before: null, after: photo }),
    rebuild: () => 'Product photo added',
  });
}

/** Locks a product for a change to its photos; not_found when it is not there. */
async function lockProduct(tx: Sql, productId: string): Promise<void> {
  const [product] = await tx`select 1 from products where id = ${productId} for update`;
  if (!product) throw notFoundProduct();
}

interface PhotoRow {
  id: string;
  url: string;
  alt: string;
  alt_es: string | null;
  storage_path: string | null;
}

const toPhoto = (r: PhotoRow): AdminPhoto => ({ id: r.id, url: r.url, alt: r.alt, altEs: r.alt_es, uploaded: r.storage_path !== null });

async function photosOf(sql: Sql, productId: string): Promise<AdminPhoto[]> {
  const rows = await sql<PhotoRow[]>`select id, url, alt, alt_es, storage_path from product_photos where product_id = ${productId} order by sort_order, created_at`;
  return rows.map(toPhoto);
}

/** Sets the order (first = main photo) and alt texts (English and Spanish); the list must name exactly the product's photos. */
export async function arrangePhotos(db: Database, productId: string, input: PhotoOrderInput, audit: Audit): Promise<AdminPhoto[]> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      await lockProduct(tx, productId);
      return photosOf(tx, productId);
    },
    check: (before) => {
      const known = new Set(before.map((p) => p.id));
      const given = new Set(input.photos.map((p) => p.id));
      if (given.size !== input.photos.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
        throw new AppError('conflict', 'The photos changed while you were editing. Reload the page and try again.');
      }
    },
    change: async (tx) => {
      for (const [index, photo] of input.photos.entries()) {
        // A Spanish description left out keeps the stored one; null clears it.
        const altEs = photo.altEs === undefined ? tx`` : tx`, alt_es = ${photo.altEs}`;
        await tx`update product_photos set sort_order = ${index}, alt = ${photo.alt} ${altEs} where id = ${photo.id}`;
      }
      await tx`update products set updated_at = now() where id = ${productId}`;
      return photosOf(tx, productId);
    },
    audit: (after, before) => ({ action: 'product.photos.arrange', entity: 'product', entityId: productId, before, after }),
    rebuild: () => 'Product photos rearranged',
  });
}

/**
 * Removes a photo from the product. The stored file stays (the storage interface keeps documents
 * and has no delete), but it is no longer served: /api/product-photos answers only recorded photos.
 */
export async function deletePhoto(db: Database, productId: string, photoId: string, audit: Audit): Promise<AdminPhoto> {
  return auditedChange(db, audit, {
    lock: (tx) => lockProduct(tx, productId),
    change: async (tx) => {
      const [row] = await tx<PhotoRow[]>`
        delete from product_photos where id = ${photoId} and product_id = ${productId} returning id, url, alt, alt_es, storage_path`;
      if (!row) throw new AppError('not_found', 'That photo is already gone.');
      await tx`update products set updated_at = now() where id = ${productId}`;
      return toPhoto(row);
    },
    audit: (before) => ({ action: 'product.photo.delete', entity: 'product', entityId: productId, before, after: null }),
    rebuild: () => 'Product photo deleted',
  });
}

/** The bytes behind /api/product-photos/{file}, or null when no product photo has that address. */
export async function readPublicPhoto(sql: Sql, storage: FileStorage, file: string): Promise<StoredFile | null> {
  const parsed = parsePhotoFile(file);
  if (!parsed) return null;
  const [row] = await sql<{ storage_path: string }[]>`
    select storage_path from product_photos where id = ${parsed.id} and url = ${productPhotoUrl(parsed.id, parsed.extension)} and storage_path is not null`;
  if (!row) return null;
  return storage.get(row.storage_path);
}
