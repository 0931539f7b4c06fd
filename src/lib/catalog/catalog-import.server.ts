import { randomUUID } from 'node:crypto';
import { z } from '../validation';
import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { fetchPublicFile, PublicFetchError, type PublicFetchOptions } from '../http/index.server';
import { readCsv, findInZip, readPhotoZip } from '../imports';
import { auditedChange } from '../admin/index.server';
import { csvFileName, type CsvFile } from '../reports';
import type { FileStorage } from '../storage';
import { productColumns, productFieldsFromRow, type ProductFieldsRow } from './catalog.server';
import { catalogColumns, catalogCsv, parseCatalogTable, requiredCatalogColumns, type CatalogRow, type ExportedProduct, type PhotoRef } from './catalog-csv';
import { checkProductPhoto, parsePhotoFile, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES, productPhotoUrl } from './product-photo';
import { PHOTO_NOT_SAVED, storagePathOf } from './product-photos.server';
import { slugify } from './slugify';
import { publicApi } from '../paths';

/**
 * Catalog import: a CSV (and optionally a zip of photos) checked in full, shown as a preview with an
 * error per row and cell, and written only when every row is valid, in one transaction. The upload
 * is stateless: "Preview" and "Import" send the same files, and Import checks everything again
 * (photo addresses are fetched again too), so nothing half-checked is ever kept between the two.
 *
 * Photos go through the product-photo rules (JPEG, PNG or WebP by their bytes, at most 4 MB) and are
 * stored like uploads from the product editor (file first, then the row in the transaction). A photo
 * address on this site (an export of this catalog) is not fetched: a shipped illustration keeps its
 * path and a stored photo is shared with the product it came from.
 */

/**
 * Netlify refuses a function request over 6 MB, so the files travel base64 in JSON (about 4.4 MB of
 * files): larger photo sets go by address in the CSV, or in several imports.
 */
export const IMPORT_MAX_BODY_BYTES = 6 * 1024 * 1024;
export const MAX_PHOTO_ADDRESSES = 300;
const FETCH_CONCURRENCY = 8;

const base64File = (what: string) => z.base64({ error: `The ${what} could not be read; choose it again.` });
export const catalogImportBody = z.object({
  csv: base64File('CSV file').min(1, 'Choose the CSV file'),
  photos: base64File('zip of photos').optional(),
});
export type CatalogImportBody = z.infer<typeof catalogImportBody>;
export const importModeQuery = z.object({ mode: z.enum(['preview', 'import'], { error: 'Say preview or import' }) });

export interface ImportOptions {
  /** This site's address: photo addresses on it are taken from here instead of fetched. */
  siteUrl: string;
  /** Tests only (their photo server is loopback): passed to fetchPublicFile. */
  allowLoopback?: boolean;
}

export interface CatalogPreviewRow {
  line: number;
  name: string;
  category: string;
  newCategory: boolean;
  priceCents: number | null;
  units: number | null;
  photos: number;
  /** Column → message; "_" for the row as a whole. */
  errors: Record<string, string>;
}

export interface CatalogPreview {
  valid: boolean;
  rows: CatalogPreviewRow[];
  newCategories: string[];
  counts: { products: number; units: number; photos: number; rowsWithErrors: number };
}

type ResolvedPhoto =
  | { kind: 'shipped'; url: string }
  | { kind: 'stored'; storagePath: string; extension: string }
  | { kind: 'bytes'; bytes: Uint8Array; type: string; extension: string };

interface Analysis {
  preview: CatalogPreview;
  rows: CatalogRow[];
  photos: Map<CatalogRow, { resolved: ResolvedPhoto; alt: string; altEs: string | null }[]>;
  categories: Map<string, { id: string | null; name: string; slug: string }>;
}

const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

const categoryKey = (name: string) => name.trim().toLowerCase();

async function analyse(sql: Sql, body: CatalogImportBody, options: ImportOptions): Promise<Analysis> {
  const read = readCsv(decode(body.csv), { known: catalogColumns, required: requiredCatalogColumns });
  if (!read.ok) throw fieldError('csv', read.message);
  let zip: Map<string, Uint8Array> | null = null;
  if (body.photos) {
    const opened = readPhotoZip(decode(body.photos));
    if (!opened.ok) throw fieldError('photos', opened.message);
    zip = opened.files;
  }
  const rows = parseCatalogTable(read.table, options.siteUrl);

  const [products, existingCategories] = await Promise.all([
    sql<{ name: string; slug: string }[]>`select name, slug from products`,
    sql<{ id: string; name: string; slug: string }[]>`select id, name, slug from categories`,
  ]);
  const nameTaken = new Set(products.map((p) => p.name.toLowerCase()));
  const slugOwner = new Map(products.map((p) => [p.slug, p.name]));
  const categories = new Map<string, { id: string | null; name: string; slug: string }>();
  const categoryBySlug = new Map(existingCategories.map((c) => [c.slug, c]));
  for (const c of existingCategories) categories.set(categoryKey(c.name), { id: c.id, name: c.name, slug: c.slug });

  for (const row of rows) {
    const name = row.cells.name ?? '';
    if (name && nameTaken.has(name.toLowerCase())) row.errors.name ??= `A product named “${name}” is already in the catalog. Rename it here, or change the one in the catalog.`;
    const slug = row.draft?.fields.slug;
    if (slug && slugOwner.has(slug)) row.errors[row.cells.slug ? 'slug' : 'name'] ??= `The web address name “${slug}” is already used by “${slugOwner.get(slug)}”. Give this product another slug.`;
    const categoryName = row.cells.category ?? '';
    if (categoryName && !categories.has(categoryKey(categoryName))) {
      const categorySlug = slugify(categoryName);
      const sameSlug = categoryBySlug.get(categorySlug);
      if (!categorySlug) row.errors.category ??= 'Use letters or digits in the category name';
      else if (sameSlug) categories.set(categoryKey(categoryName), { id: sameSlug.id, name: sameSlug.name, slug: sameSlug.slug });
      else categories.set(categoryKey(categoryName), { id: null, name: categoryName, slug: categorySlug });
    }
    if (Object.keys(row.errors).length) row.draft = null;
  }

  const photos = await resolvePhotos(sql, rows, zip, options);
  const preview = previewOf(rows, categories, photos);
  return { preview, rows, photos, categories };
}

function previewOf(rows: CatalogRow[], categories: Analysis['categories'], photos: Analysis['photos']): CatalogPreview {
  const newCategories = [...new Set(rows.map((r) => categories.get(categoryKey(r.cells.category ?? ''))).filter((c) => c && c.id === null).map((c) => c!.name))];
  const previewRows = rows.map(
    (r): CatalogPreviewRow => ({
      line: r.line,
      name: r.cells.name ?? '',
      category: r.cells.category ?? '',
      newCategory: categories.get(categoryKey(r.cells.category ?? ''))?.id === null,
      priceCents: r.draft?.fields.basePriceCents ?? null,
      units: r.draft?.units ?? null,
      photos: photos.get(r)?.length ?? 0,
      errors: r.errors,
    }),
  );
  const valid = rows.map((r) => r.draft).filter((d) => d !== null);
  const rowsWithErrors = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return {
    valid: rowsWithErrors === 0,
    rows: previewRows,
    newCategories,
    counts: { products: valid.length, units: valid.reduce((n, d) => n + d.units, 0), photos: [...photos.values()].reduce((n, p) => n + p.length, 0), rowsWithErrors },
  };
}

/** Runs tasks at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

const notAnImage = (what: string, message: string) => `${what}: ${message === 'Choose a JPEG, PNG or WebP photo' ? 'not a JPEG, PNG or WebP image' : message.replace(/^Choose a photo of/, 'larger than').replace(/^That file is empty$/, 'an empty file')}`;

/**
 * Every row's zip names and site paths are checked, so a row's photo problems show beside its other
 * errors; addresses on the web are fetched only for rows otherwise valid (a fetch is slow and
 * reaches another server), so theirs show once the rest of the row is right.
 */
async function resolvePhotos(sql: Sql, rows: CatalogRow[], zip: Map<string, Uint8Array> | null, options: ImportOptions): Promise<Analysis['photos']> {
  const addresses = [...new Set(rows.flatMap((r) => (r.draft ? r.photos.flatMap((p) => (p.ref.kind === 'url' ? [p.ref.url] : [])) : [])))];
  const fetched = new Map<string, { ok: true; resolved: ResolvedPhoto } | { ok: false; message: string }>();
  if (addresses.length > MAX_PHOTO_ADDRESSES) throw fieldError('csv', `The file names ${addresses.length} photo addresses; at most ${MAX_PHOTO_ADDRESSES} are fetched in one import. Split the file, or put the photos in the zip.`);
  const fetchOptions: PublicFetchOptions = { maxBytes: PRODUCT_PHOTO_MAX_BYTES, timeoutMs: 10_000, accept: PRODUCT_PHOTO_TYPES, allowLoopback: options.allowLoopback === true };
  await inPool(addresses, FETCH_CONCURRENCY, async (address) => {
    try {
      const file = await fetchPublicFile(address, fetchOptions);
      const check = checkProductPhoto(file.bytes);
      fetched.set(address, check.ok ? { ok: true, resolved: { kind: 'bytes', bytes: file.bytes, type: check.type, extension: check.extension } } : { ok: false, message: notAnImage(address, check.message) });
    } catch (error) {
      if (!(error instanceof PublicFetchError)) throw error;
      fetched.set(address, { ok: false, message: `${address}: ${error.message}` });
    }
  });

  const sitePhotoIds = [...new Set(rows.flatMap((r) => r.photos.flatMap((p) => (p.ref.kind === 'site' ? [parsePhotoFile(p.ref.path.replace(/^\/api\/product-photos\//, ''))?.id ?? []] : []))).flat())];
  const stored = new Map(
    sitePhotoIds.length
      ? (await sql<{ url: string; storage_path: string }[]>`select url, storage_path from product_photos where id in ${sql(sitePhotoIds)} and storage_path is not null`).map((r) => [r.url, r.storage_path])
      : [],
  );

  const result: Analysis['photos'] = new Map();
  for (const row of rows) {
    const list: { resolved: ResolvedPhoto; alt: string; altEs: string | null }[] = [];
    const problems: string[] = [];
    for (const { ref, alt, altEs } of row.photos) {
      if (ref.kind === 'url' && !row.draft) continue;
      const outcome = resolveOne(ref, zip, fetched, stored);
      if (outcome.ok) list.push({ resolved: outcome.resolved, alt, altEs });
      else problems.push(outcome.message);
    }
    if (problems.length) {
      // After what the cell itself got wrong (e.g. a name given twice), if anything.
      row.errors.photos = [row.errors.photos, ...problems].filter(Boolean).join(' · ');
      row.draft = null;
    } else if (row.draft) result.set(row, list);
  }
  return result;
}

function resolveOne(
  ref: PhotoRef,
  zip: Map<string, Uint8Array> | null,
  fetched: Map<string, { ok: true; resolved: ResolvedPhoto } | { ok: false; message: string }>,
  stored: Map<string, string>,
): { ok: true; resolved: ResolvedPhoto } | { ok: false; message: string } {
  if (ref.kind === 'url') return fetched.get(ref.url)!;
  if (ref.kind === 'file') {
    if (!zip) return { ok: false, message: `${ref.name}: upload the zip with the photos too` };
    const bytes = findInZip(zip, ref.name);
    if (!bytes) return { ok: false, message: `${ref.name}: no file of that name in the zip` };
    const check = checkProductPhoto(bytes);
    return check.ok ? { ok: true, resolved: { kind: 'bytes', bytes, type: check.type, extension: check.extension } } : { ok: false, message: notAnImage(ref.name, check.message) };
  }
  if (ref.path.startsWith(publicApi.productPhotos)) {
    const storagePath = stored.get(ref.path);
    const file = parsePhotoFile(ref.path.slice(publicApi.productPhotos.length));
    return storagePath && file ? { ok: true, resolved: { kind: 'stored', storagePath, extension: file.extension } } : { ok: false, message: `${ref.path}: this photo is no longer on this site; put it in the zip instead` };
  }
  // The illustrations shipped with the site (the demo's): kept as the path they are.
  if (/^\/images\/[\w\-./]+\.(jpe?g|png|webp|avif|svg)$/i.test(ref.path)) return { ok: true, resolved: { kind: 'shipped', url: ref.path } };
  return { ok: false, message: `${ref.path}: not a photo on this site` };
}

/** What a preview answers: every row with its errors, the categories it would create, the counts. */
export async function previewCatalogImport(sql: Sql, body: CatalogImportBody, options: ImportOptions): Promise<CatalogPreview> {
  return (await analyse(sql, body, options)).preview;
}

export interface CatalogImportResult {
  imported: number;
  units: number;
  photos: number;
  categoriesCreated: string[];
}

/** Checks everything again and writes every product, or nothing (400 with the rows' errors). */
export async function importCatalog(db: Database, storage: FileStorage, body: CatalogImportBody, options: ImportOptions, audit: Audit): Promise<CatalogImportResult> {
  const { preview, rows, photos, categories } = await analyse(db, body, options);
  if (!preview.valid) {
    const fields: Record<string, string> = {};
    for (const row of preview.rows) for (const [column, message] of Object.entries(row.errors)) fields[`rows.${row.line}.${column}`] = message;
    const n = preview.counts.rowsWithErrors;
    throw new AppError('validation', `Nothing was imported: ${n} row${n === 1 ? ' has' : 's have'} errors. Preview the file to see them.`, fields);
  }

  const planned = rows.map((row) => ({ row, draft: row.draft!, id: randomUUID(), photos: photos.get(row) ?? [] }));
  const photoRows: { id: string; product_id: string; url: string; alt: string; alt_es: string | null; sort_order: number; storage_path: string | null }[] = [];
  const uploads: ({ path: string; bytes: Uint8Array; type: string } | { path: string; from: string })[] = [];
  for (const product of planned) {
    for (const [index, { resolved, alt, altEs }] of product.photos.entries()) {
      const id = randomUUID();
      if (resolved.kind === 'shipped') photoRows.push({ id, product_id: product.id, url: resolved.url, alt, alt_es: altEs, sort_order: index, storage_path: null });
      else {
        // A stored photo is copied: each photo row owns its file (storage_path is unique, and deleting one product's photo must not touch another's).
        const path = storagePathOf(product.id, id, resolved.extension);
        uploads.push(resolved.kind === 'bytes' ? { path, bytes: resolved.bytes, type: resolved.type } : { path, from: resolved.storagePath });
        photoRows.push({ id, product_id: product.id, url: productPhotoUrl(id, resolved.extension), alt, alt_es: altEs, sort_order: index, storage_path: path });
      }
    }
  }
  // Files first, as the product editor does: a failure leaves no row pointing at nothing.
  await inPool(uploads, FETCH_CONCURRENCY, async (u) => {
    const file = 'from' in u ? await storage.get(u.from) : { bytes: u.bytes, contentType: u.type };
    if (!file) throw new AppError('conflict', 'A photo of this site named in the file was deleted meanwhile. Preview the file again.');
    await storage.put(u.path, file.bytes, file.contentType).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'unavailable' ? new AppError('unavailable', PHOTO_NOT_SAVED) : error;
    });
  });

  return auditedChange(db, audit, {
    change: async (tx) => {
      const created: string[] = [];
      const categoryIds = new Map<string, string>();
      for (const [key, c] of categories) {
        if (c.id) {
          categoryIds.set(key, c.id);
          continue;
        }
        const inCategory = planned.filter((p) => categoryKey(p.draft.categoryName) === key);
        if (!inCategory.length) continue;
        // A category the file creates sells cakes when its products give cake sizes (they have an order form), else rentals.
        const kind = inCategory.some(({ draft: { fields: f } }) => f.cakeBaseServings !== null || f.cakeBaseTiers !== null || f.cakeMaxTiers !== null) ? 'cake' : 'rental';
        const [row] = await tx<{ id: string; inserted: boolean }[]>`
          insert into categories (slug, name, kind, summary, description, sort_order, active)
          values (${c.slug}, ${c.name}, ${kind}, '', '', (select coalesce(max(sort_order), 0) + 1 from categories), true)
          on conflict (slug) do update set updated_at = categories.updated_at
          returning id, (xmax = 0) as inserted`;
        categoryIds.set(key, row!.id);
        if (row!.inserted) created.push(c.name);
      }

      const productRows = planned.map((p) => ({ id: p.id, ...productColumns(p.draft.fields, categoryIds.get(categoryKey(p.draft.categoryName))!) }));
      // The column names are productColumns' own keys, not input.
      const columns = tx.unsafe(Object.keys(productRows[0]!).join(', '));
      try {
        await tx`insert into products (${columns}) select ${columns} from jsonb_populate_recordset(null::products, ${tx.json(productRows as never)})`;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AppError('conflict', 'Another product took one of these web address names meanwhile. Preview the file again.');
        throw error;
      }
      const units = planned.flatMap((p) => Array.from({ length: p.draft.units }, (_, i) => ({ product_id: p.id, label: `Unit ${i + 1}` })));
      if (units.length) await tx`insert into inventory_units (product_id, label) select product_id, label from jsonb_to_recordset(${tx.json(units as never)}) as u(product_id uuid, label text)`;
      if (photoRows.length) {
        await tx`
          insert into product_photos (id, product_id, url, alt, alt_es, sort_order, storage_path)
          select id, product_id, url, alt, alt_es, sort_order, storage_path
          from jsonb_to_recordset(${tx.json(photoRows as never)}) as ph(id uuid, product_id uuid, url text, alt text, alt_es text, sort_order int, storage_path text)`;
      }
      const result: CatalogImportResult = { imported: planned.length, units: units.length, photos: photoRows.length, categoriesCreated: created };
      return result;
    },
    audit: (result) => ({ action: 'catalog.import', entity: 'catalog', entityId: null, before: null, after: { ...result, products: planned.map((p) => ({ id: p.id, name: p.draft.fields.name })) } }),
    rebuild: () => `Catalog import: ${planned.length} product${planned.length === 1 ? '' : 's'}`,
  });
}

// ---------------------------------------------------------------- export

/** The whole catalog (shown or not) in the import format, photos as absolute addresses. */
export async function exportCatalog(sql: Sql, siteUrl: string): Promise<CsvFile> {
  const rows = await sql<(ProductFieldsRow & { category_name: string; sort_order: number; active: boolean; unit_count: number; photos: ExportedProduct['photos'] })[]>`
    select p.*, c.name as category_name,
      (select count(*)::int from inventory_units u where u.product_id = p.id and u.status <> 'retired') as unit_count,
      coalesce((select json_agg(json_build_object('url', ph.url, 'alt', ph.alt, 'altEs', ph.alt_es) order by ph.sort_order, ph.created_at)
        from product_photos ph where ph.product_id = p.id), '[]') as photos
    from products p join categories c on c.id = p.category_id
    order by c.sort_order, c.name, p.sort_order, p.name`;
  const products: ExportedProduct[] = rows.map((r) => ({
    ...productFieldsFromRow(r),
    categoryName: r.category_name,
    sortOrder: r.sort_order,
    active: r.active,
    unitCount: r.unit_count,
    photos: r.photos,
  }));
  return { fileName: csvFileName('catalog'), body: catalogCsv(products, siteUrl) };
}
