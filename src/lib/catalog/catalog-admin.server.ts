import type { Audit } from '../auth/index.server';
import { categoryColumns, categoryFieldsFromRow, filledColumns, productColumns, sentColumns, productFieldsFromRow, type CategoryFieldsRow, type ProductFieldsRow } from './catalog.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, isStillReferenced } from '../http';
import type { AdminCategoryFields, AdminCategoryInput, AdminProductFields, AdminProductInput, CategoryListQuery, ProductListQuery } from './catalog-admin';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import { auditedChange } from '../admin/index.server';

/**
 * Admin views of the catalog: explicit DTOs, never rows. Each change is one transaction that also
 * writes the audit entry and asks for a rebuild of the public pages, which show the catalog.
 */

export interface AdminProductSummary {
  id: string;
  name: string;
  slug: string;
  categoryId: string;
  categoryName: string;
  basePriceCents: number;
  pricingUnit: 'rental' | 'each';
  active: boolean;
  featured: boolean;
  photoUrl: string | null;
  unitCount: number;
  updatedAt: string;
}

export interface AdminPhoto {
  id: string;
  url: string;
  alt: string;
  /** The description in Spanish; null: the Spanish pages show the English one. */
  altEs: string | null;
  /** Uploaded through the admin (in file storage) rather than a file shipped with the site. */
  uploaded: boolean;
}

export interface AdminProduct extends Omit<AdminProductFields, 'packageItems'> {
  id: string;
  categoryName: string;
  photos: AdminPhoto[];
  packageItems: { productId: string; name: string; quantity: number }[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminCategory extends AdminCategoryFields {
  id: string;
  productCount: number;
  activeProductCount: number;
  updatedAt: string;
}

export const notFoundProduct = () => new AppError('not_found', 'That product does not exist (it may have been deleted).');
export const notFoundCategory = () => new AppError('not_found', 'That category does not exist (it may have been deleted).');

const iso = (d: Date) => d.toISOString();

/** A unique-constraint violation on a slug becomes a 409 naming the field, for a race the pre-check missed. */
async function slugSafe<T>(what: 'product' | 'category', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: string }).code === '23505' && /slug/.test((error as { constraint_name?: string }).constraint_name ?? '')) throw slugTaken(what);
    throw error;
  }
}
const slugTaken = (what: 'product' | 'category') => {
  const message = `Another ${what} already uses this web address name. Choose another.`;
  return new AppError('conflict', message, { slug: message });
};

// ---------------------------------------------------------------- products

export async function listAdminProducts(sql: Sql, query: ProductListQuery): Promise<Page<AdminProductSummary>> {
  const orderColumn = { name: sql`p.name`, price: sql`p.base_price_cents`, category: sql`c.name`, updated: sql`p.updated_at` }[query.sort];
  const dir = sql.unsafe(query.dir === 'desc' ? 'desc' : 'asc');
  const where = sql`
    where true
    ${query.q ? sql`and (p.name ilike ${likePattern(query.q)} or p.slug ilike ${likePattern(query.q)} or c.name ilike ${likePattern(query.q)})` : sql``}
    ${query.category ? sql`and p.category_id = ${query.category}` : sql``}
    ${query.active === 'active' ? sql`and p.active` : query.active === 'inactive' ? sql`and not p.active` : sql``}`;
  const rows = await sql<
    {
      id: string;
      name: string;
      slug: string;
      category_id: string;
      category_name: string;
      base_price_cents: number;
      pricing_unit: 'rental' | 'each';
      active: boolean;
      featured: boolean;
      photo_url: string | null;
      unit_count: number;
      updated_at: Date;
      total: number;
    }[]
  >`
    select p.id, p.name, p.slug, p.category_id, c.name as category_name, p.base_price_cents, p.pricing_unit, p.active, p.featured,
      (select ph.url from product_photos ph where ph.product_id = p.id order by ph.sort_order, ph.created_at limit 1) as photo_url,
      (select count(*)::int from inventory_units u where u.product_id = p.id and u.status = 'available') as unit_count,
      p.updated_at, count(*) over ()::int as total
    from products p join categories c on c.id = p.category_id
    ${where}
    order by ${orderColumn} ${dir}, p.name, p.id
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    categoryId: r.category_id,
    categoryName: r.category_name,
    basePriceCents: r.base_price_cents,
    pricingUnit: r.pricing_unit,
    active: r.active,
    featured: r.featured,
    photoUrl: r.photo_url,
    unitCount: r.unit_count,
    updatedAt: iso(r.updated_at),
  }));
  // Past the last page the window count is missing: count separately so the pager still knows the total.
  const total = rows[0]?.total ?? (query.page > 1 ? (await sql<{ n: number }[]>`select count(*)::int as n from products p join categories c on c.id = p.category_id ${where}`)[0]!.n : 0);
  return pageOf(query, items, total);
}

/** The products list with the categories for its filter (crew may not read the categories screen). */
export async function productListPage(sql: Sql, query: ProductListQuery) {
  const [page, categories] = await Promise.all([listAdminProducts(sql, query), categoryOptions(sql)]);
  return { ...page, categories };
}

/** One product for its editor, with the choices the editor offers (a package cannot bundle itself). */
export async function productEditor(sql: Sql, id: string) {
  const [product, categories, candidates] = await Promise.all([getAdminProduct(sql, id), categoryOptions(sql), packageCandidates(sql)]);
  return { product, options: { categories, packageCandidates: candidates.filter((c) => c.id !== product.id) } };
}

interface ProductRow extends ProductFieldsRow {
  id: string;
  category_id: string;
  category_name: string;
  sort_order: number;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  photos: AdminPhoto[];
  package_items: { productId: string; name: string; quantity: number }[];
}

/** One product with everything the editor shows; `lock` takes a row lock for a change. */
export async function getAdminProduct(sql: Sql, id: string, lock = false): Promise<AdminProduct> {
  const [r] = await sql<ProductRow[]>`
    select p.*, c.name as category_name,
      coalesce((select json_agg(json_build_object('id', ph.id, 'url', ph.url, 'alt', ph.alt, 'altEs', ph.alt_es, 'uploaded', ph.storage_path is not null)
        order by ph.sort_order, ph.created_at) from product_photos ph where ph.product_id = p.id), '[]') as photos,
      coalesce((select json_agg(json_build_object('productId', i.id, 'name', i.name, 'quantity', pi.quantity) order by i.name)
        from package_items pi join products i on i.id = pi.item_id where pi.package_id = p.id), '[]') as package_items
    from products p join categories c on c.id = p.category_id
    where p.id = ${id}
    ${lock ? sql`for update of p` : sql``}`;
  if (!r) throw notFoundProduct();
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryName: r.category_name,
    ...productFieldsFromRow(r),
    sortOrder: r.sort_order,
    active: r.active,
    photos: r.photos,
    packageItems: r.package_items,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The checks a schema cannot make: the category and package items exist, the slug is free, no package in a package. */
async function checkProductReferences(sql: Sql, p: AdminProductInput, selfId: string | null): Promise<void> {
  const [category] = await sql`select 1 from categories where id = ${p.categoryId}`;
  if (!category) throw new AppError('validation', 'Choose a category', { categoryId: 'Choose a category' });
  const [taken] = await sql`select 1 from products where slug = ${p.slug} and id is distinct from ${selfId}`;
  if (taken) throw slugTaken('product');
  if (p.packageItems.length === 0) return;
  if (selfId && p.packageItems.some((i) => i.productId === selfId)) {
    throw new AppError('validation', 'A package cannot contain itself', { packageItems: 'A package cannot contain itself' });
  }
  const ids = p.packageItems.map((i) => i.productId);
  const found = await sql<{ id: string; is_package: boolean }[]>`
    select p.id, exists (select 1 from package_items pi where pi.package_id = p.id) as is_package
    from products p where p.id in ${sql(ids)}`;
  if (found.length !== ids.length) throw new AppError('validation', 'A package item no longer exists', { packageItems: 'A package item no longer exists' });
  if (found.some((f) => f.is_package)) {
    throw new AppError('validation', 'A package cannot contain another package', { packageItems: 'A package cannot contain another package' });
  }
  if (selfId) {
    const [usedInPackage] = await sql`select 1 from package_items where item_id = ${selfId}`;
    if (usedInPackage) {
      const message = 'This product is part of a package, so it cannot be a package itself';
      throw new AppError('validation', message, { packageItems: message });
    }
  }
}

async function writePackageItems(sql: Sql, productId: string, items: AdminProductInput['packageItems']): Promise<void> {
  await sql`delete from package_items where package_id = ${productId}`;
  for (const item of items) {
    await sql`insert into package_items (package_id, item_id, quantity) values (${productId}, ${item.productId}, ${item.quantity})`;
  }
}

export async function createProduct(db: Database, input: AdminProductInput, audit: Audit): Promise<AdminProduct> {
  return auditedChange(db, audit, {
    check: (_, tx) => checkProductReferences(tx, input, null),
    change: async (tx) => {
      const [row] = await slugSafe('product', () => tx<{ id: string }[]>`insert into products ${tx(filledColumns(productColumns(input, input.categoryId)))} returning id`);
      await writePackageItems(tx, row!.id, input.packageItems);
      return getAdminProduct(tx, row!.id);
    },
    audit: (created) => ({ action: 'product.create', entity: 'product', entityId: created.id, before: null, after: created }),
    rebuild: (created) => `New product “${created.name}”`,
  });
}

export async function updateProduct(db: Database, id: string, input: AdminProductInput, audit: Audit): Promise<AdminProduct> {
  return auditedChange(db, audit, {
    lock: (tx) => getAdminProduct(tx, id, true),
    check: (_, tx) => checkProductReferences(tx, input, id),
    change: async (tx) => {
      await slugSafe('product', () => tx`update products set ${tx(sentColumns(productColumns(input, input.categoryId)))}, updated_at = now() where id = ${id}`);
      await writePackageItems(tx, id, input.packageItems);
      return getAdminProduct(tx, id);
    },
    audit: (after, before) => ({ action: 'product.update', entity: 'product', entityId: id, before, after }),
    rebuild: (after) => `Product “${after.name}” changed`,
  });
}

/**
 * Deletes a product nobody has booked, ordered or bundled; otherwise 409 (bookings and cake orders
 * must keep what they refer to), and staff switch it off instead.
 */
const productInUse = () =>
  new AppError('conflict', 'This product has bookings or orders, so it cannot be deleted. Untick “Shown on the site” to hide it instead.');

export async function deleteProduct(db: Database, id: string, audit: Audit): Promise<AdminProduct> {
  return auditedChange(db, audit, {
    lock: (tx) => getAdminProduct(tx, id, true),
    check: async (_, tx) => {
      // A unit can carry bookings of a package the product has since left, so its units count too.
      const [uses] = await tx<{ bookings: number; cakes: number; packages: number }[]>`
        select (select count(*)::int from booking_items where product_id = ${id})
            + (select count(*)::int from unit_allocations a join inventory_units u on u.id = a.unit_id where u.product_id = ${id}) as bookings,
          (select count(*)::int from cake_orders where product_id = ${id}) as cakes,
          (select count(*)::int from package_items where item_id = ${id}) as packages`;
      if (uses!.bookings > 0 || uses!.cakes > 0) throw productInUse();
      if (uses!.packages > 0) throw new AppError('conflict', 'This product is part of a package. Remove it from the package first, or hide it instead.');
    },
    change: async (tx, before) => {
      try {
        await tx`delete from products where id = ${id}`;
      } catch (error) {
        // A booking or order that committed after the count above still keeps the product.
        if (isStillReferenced(error)) throw productInUse();
        throw error;
      }
      return before;
    },
    audit: (before) => ({ action: 'product.delete', entity: 'product', entityId: id, before, after: null }),
    rebuild: (before) => `Product “${before.name}” deleted`,
  });
}

// ---------------------------------------------------------------- categories

interface CategoryRow extends CategoryFieldsRow {
  id: string;
  sort_order: number;
  active: boolean;
  updated_at: Date;
  product_count: number;
  active_product_count: number;
}

const categoryDto = (r: CategoryRow): AdminCategory => ({
  id: r.id,
  ...categoryFieldsFromRow(r),
  sortOrder: r.sort_order,
  active: r.active,
  productCount: r.product_count,
  activeProductCount: r.active_product_count,
  updatedAt: iso(r.updated_at),
});

const categoryFields = (sql: Sql) => sql`
  c.id, c.slug, c.name, c.kind, c.summary, c.description, c.name_es, c.summary_es, c.description_es, c.image_url, c.sort_order, c.seo_title,
  c.seo_description, c.active, c.updated_at,
  (select count(*)::int from products p where p.category_id = c.id) as product_count,
  (select count(*)::int from products p where p.category_id = c.id and p.active) as active_product_count`;

export async function listAdminCategories(sql: Sql, query: CategoryListQuery): Promise<Page<AdminCategory>> {
  const orderColumn = { name: sql`c.name`, order: sql`c.sort_order`, products: sql`product_count` }[query.sort];
  const dir = sql.unsafe(query.dir === 'desc' ? 'desc' : 'asc');
  const rows = await sql<(CategoryRow & { total: number })[]>`
    select ${categoryFields(sql)}, count(*) over ()::int as total
    from categories c
    where true
    ${query.q ? sql`and (c.name ilike ${likePattern(query.q)} or c.slug ilike ${likePattern(query.q)})` : sql``}
    ${query.active === 'active' ? sql`and c.active` : query.active === 'inactive' ? sql`and not c.active` : sql``}
    order by ${orderColumn} ${dir}, c.name, c.id
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  return pageOf(query, rows.map(categoryDto), rows[0]?.total ?? 0);
}

export interface CategoryOption {
  id: string;
  name: string;
  active: boolean;
  /** The product editor asks for a cake's sizes only in a cake category. */
  kind: AdminCategoryInput['kind'];
}

/** Every category, for pickers (product editor, list filter, "move products to"). */
export async function categoryOptions(sql: Sql): Promise<CategoryOption[]> {
  return sql<CategoryOption[]>`select id, name, active, kind from categories order by sort_order, name`.then((rows) =>
    rows.map((r) => ({ id: r.id, name: r.name, active: r.active, kind: r.kind })),
  );
}

/** Products a package may bundle: those that are not packages themselves. */
export async function packageCandidates(sql: Sql): Promise<{ id: string; name: string }[]> {
  const rows = await sql<{ id: string; name: string }[]>`
    select p.id, p.name from products p
    where not exists (select 1 from package_items pi where pi.package_id = p.id)
    order by p.name`;
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** Every product by its web address name, for a setting that names one (the generator of the site rules). */
export async function productChoices(sql: Sql): Promise<{ slug: string; name: string; active: boolean }[]> {
  const rows = await sql<{ slug: string; name: string; active: boolean }[]>`select slug, name, active from products order by name, slug`;
  return rows.map((r) => ({ slug: r.slug, name: r.name, active: r.active }));
}

export async function getAdminCategory(sql: Sql, id: string, lock = false): Promise<AdminCategory> {
  const [row] = await sql<CategoryRow[]>`select ${categoryFields(sql)} from categories c where c.id = ${id} ${lock ? sql`for update of c` : sql``}`;
  if (!row) throw notFoundCategory();
  return categoryDto(row);
}

export async function createCategory(db: Database, input: AdminCategoryInput, audit: Audit): Promise<AdminCategory> {
  return auditedChange(db, audit, {
    check: async (_, tx) => {
      const [taken] = await tx`select 1 from categories where slug = ${input.slug}`;
      if (taken) throw slugTaken('category');
    },
    change: async (tx) => {
      const [row] = await slugSafe('category', () => tx<{ id: string }[]>`insert into categories ${tx(filledColumns(categoryColumns(input)))} returning id`);
      return getAdminCategory(tx, row!.id);
    },
    audit: (created) => ({ action: 'category.create', entity: 'category', entityId: created.id, before: null, after: created }),
    rebuild: (created) => `New category “${created.name}”`,
  });
}

export async function updateCategory(db: Database, id: string, input: AdminCategoryInput, audit: Audit): Promise<AdminCategory> {
  return auditedChange(db, audit, {
    lock: (tx) => getAdminCategory(tx, id, true),
    check: async (_, tx) => {
      const [taken] = await tx`select 1 from categories where slug = ${input.slug} and id <> ${id}`;
      if (taken) throw slugTaken('category');
    },
    change: async (tx) => {
      await slugSafe('category', () => tx`update categories set ${tx(sentColumns(categoryColumns(input)))}, updated_at = now() where id = ${id}`);
      return getAdminCategory(tx, id);
    },
    audit: (after, before) => ({ action: 'category.update', entity: 'category', entityId: id, before, after }),
    rebuild: (after) => `Category “${after.name}” changed`,
  });
}

/**
 * Deletes a category. One that still has products is refused (409) unless `moveTo` names another
 * category: its products move there first, in the same transaction. Returns how many moved.
 */
export async function deleteCategory(db: Database, id: string, moveTo: string, audit: Audit): Promise<{ moved: number }> {
  return auditedChange(db, audit, {
    lock: (tx) => getAdminCategory(tx, id, true),
    check: async (before, tx) => {
      if (before.productCount === 0) return;
      if (!moveTo) {
        const n = before.productCount;
        throw new AppError('conflict', `This category still has ${n} product${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another category first.`);
      }
      if (moveTo === id) throw new AppError('validation', 'Choose a different category', { moveTo: 'Choose a different category' });
      const [target] = await tx`select 1 from categories where id = ${moveTo} for update`;
      if (!target) throw new AppError('validation', 'That category no longer exists', { moveTo: 'That category no longer exists' });
    },
    change: async (tx, before) => {
      const moved = before.productCount > 0 ? (await tx`update products set category_id = ${moveTo}, updated_at = now() where category_id = ${id}`).count : 0;
      await tx`delete from categories where id = ${id}`;
      return { moved };
    },
    audit: ({ moved }, before) => ({ action: 'category.delete', entity: 'category', entityId: id, before, after: moved ? { productsMovedTo: moveTo, moved } : null }),
    rebuild: (_, before) => `Category “${before.name}” deleted`,
  });
}
