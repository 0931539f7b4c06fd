import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import type { Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import type { Page } from '../../../lib/lists';
import type { AdminProductSummary, CatalogPreviewRow } from '../../../lib/catalog/index.server';
import { FilterSelect, ShownOnSiteFilter } from '../shared/filters';
import { announceCatalogChange, PublishingPanel } from '../publishing/PublishingPanel';
import { adminApi, adminPaths, productPath } from '../../../lib/paths';
import { useState } from 'react';
import { CsvImport } from '../shared/CsvImport';

type ProductPage = Page<AdminProductSummary> & { categories: { id: string; name: string }[] };

const columns: Column<AdminProductSummary>[] = [
  {
    key: 'photo',
    header: <span className="sr-only">Photo</span>,
    cell: (p) => (p.photoUrl ? <img src={p.photoUrl} alt="" width="64" height="48" loading="lazy" className="h-12 w-16 rounded object-cover" /> : null),
  },
  {
    key: 'name',
    header: 'Name',
    sort: 'server',
    rowHeader: true,
    cell: (p) => (
      <>
        <a href={adminPaths.product(p.id)} className="text-brand-800 underline underline-offset-2">
          {p.name}
        </a>
        <div className="text-xs font-normal text-slate-700">{productPath(p)}</div>
      </>
    ),
  },
  { key: 'category', header: 'Category', sort: 'server', cell: (p) => p.categoryName },
  { key: 'price', header: 'Price', sort: 'server', cell: (p) => `${formatMoney(p.basePriceCents)}${p.pricingUnit === 'each' ? ' each' : ''}` },
  { key: 'units', header: 'Units', cell: (p) => p.unitCount },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => (
      <span className="flex flex-wrap gap-1">
        {p.active ? <Badge tone="good">Shown</Badge> : <Badge>Hidden</Badge>}
        {p.featured && <Badge tone="brand">Featured</Badge>}
      </span>
    ),
  },
];

/** /admin/products: every product with its price; crew read, managers open one to edit. */
export default function ProductList() {
  const { params, update, sortBy, search } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'name', dir: 'asc', filters: { category: '', active: '' } });
  const { data, error, loading, reload } = useAdminData<ProductPage>(adminApi.products.list(listSearch(params)));
  const { can } = useStaff();
  const [importing, setImporting] = useState(false);

  return (
    <div>
      <ScreenHeader
        title="Products"
        description={can('manager') ? 'Prices, descriptions, photos and SEO for every product.' : 'Every product and its price. A manager or owner can change them.'}
        actions={
          can('manager') && (
            <>
              <a className={buttonClass} href={adminPaths.newProduct}>
                New product
              </a>
              <button type="button" className={secondaryButtonClass} aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
                Import
              </button>
              <a className={secondaryButtonClass} href={adminApi.exports.catalog} download>
                Export<span className="sr-only"> the catalog as CSV</span>
              </a>
            </>
          )
        }
      />
      {importing && (
        <div className="mb-4">
          <CatalogImport
            onClose={() => setImporting(false)}
            onImported={() => {
              setImporting(false);
              reload();
              announceCatalogChange();
            }}
          />
        </div>
      )}
      <PublishingPanel />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search products" {...search} />
        <FilterSelect
          label="Category"
          value={params.filters.category ?? ''}
          options={[{ value: '', label: 'All categories' }, ...(data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(category) => update({ filters: { category } })}
        />
        <ShownOnSiteFilter filters={params.filters} update={update} />
      </div>
      <Card>
        <PagedTable
          caption="Products"
          columns={columns}
          loaded={{ data, loading, error }}
          empty="No products match."
          list={{ params, update, sortBy }}
        />
      </Card>
    </div>
  );
}

/** Products from a CSV file and a zip of photos; the format is the export's (docs/admin/make-it-yours.md, step 7). */
function CatalogImport({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  return (
    <CsvImport<CatalogPreviewRow>
      title="Import products"
      endpoint={adminApi.imports.catalog}
      noun="product"
      withPhotos
      help={
        <>
          One product per row, with the columns of <strong>Export</strong> (name, category, description and price are required;
          the documentation’s “Make it yours” lists them all). Photos: addresses (https://…) or file names in the zip, separated by |. Categories that do not
          exist yet are created.
        </>
      }
      columns={[
        { header: 'Name', cell: (r) => r.name },
        { header: 'Category', cell: (r) => (<>{r.category} {r.newCategory && <Badge tone="info">new</Badge>}</>) },
        { header: 'Price', cell: (r) => (r.priceCents === null ? '—' : formatMoney(r.priceCents)) },
        { header: 'Units', cell: (r) => (r.units === null ? '—' : r.units === 0 ? 'made to order' : r.units) },
        { header: 'Photos', cell: (r) => r.photos },
      ]}
      summary={(preview) => {
        const created = (preview.newCategories as string[] | undefined) ?? [];
        return created.length ? <p className="mt-3 text-sm text-slate-800">New categories: {created.join(', ')}.</p> : null;
      }}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
