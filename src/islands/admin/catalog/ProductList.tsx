import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import type { Page } from '../../../lib/lists/list-query';
import type { AdminProductSummary } from '../../../lib/catalog/catalog-admin.server';
import { FilterSelect, shownOnSiteOptions } from '../shared/filters';
import { PublishingPanel } from '../publishing/PublishingPanel';
import { adminPaths } from '../../../lib/paths/pages';
import { useState } from 'react';
import { CsvImport } from '../shared/CsvImport';
import type { CatalogPreviewRow } from '../../../lib/catalog/catalog-import.server';

type ProductPage = Page<AdminProductSummary> & { categories: { id: string; name: string }[] };

/** /admin/products: every product with its price; crew read, managers open one to edit. */
export default function ProductList() {
  const { params, update, sortBy } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'name', dir: 'asc', filters: { category: '', active: '' } });
  const { data, error, loading, reload } = useAdminData<ProductPage>(`/api/admin/products?${listSearch(params)}`);
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
              <a className={buttonClass} href="/admin/products/new">
                New product
              </a>
              <button type="button" className={secondaryButtonClass} aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
                Import
              </button>
              <a className={secondaryButtonClass} href="/api/admin/exports/catalog" download>
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
            }}
          />
        </div>
      )}
      <PublishingPanel />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search products" value={params.q} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="Category"
          value={params.filters.category ?? ''}
          options={[{ value: '', label: 'All categories' }, ...(data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(category) => update({ filters: { category } })}
        />
        <FilterSelect label="Shown on the site" value={params.filters.active ?? ''} options={shownOnSiteOptions} onChange={(active) => update({ filters: { active } })} />
      </div>
      <LoadState loading={loading} error={error} empty={data && data.items.length === 0 ? 'No products match.' : undefined}>
        {data && (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className={tableClass}>
              <caption className="sr-only">Products</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Photo</span>
                  </th>
                  <SortHeader column="name" label="Name" params={params} onSort={sortBy} />
                  <SortHeader column="category" label="Category" params={params} onSort={sortBy} />
                  <SortHeader column="price" label="Price" params={params} onSort={sortBy} />
                  <th scope="col" className={thClass}>
                    Units
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td className={tdClass}>{p.photoUrl ? <img src={p.photoUrl} alt="" width="64" height="48" loading="lazy" className="h-12 w-16 rounded object-cover" /> : null}</td>
                    <td className={tdClass}>
                      <a href={adminPaths.product(p.id)} className="font-semibold text-brand-800 underline underline-offset-2">
                        {p.name}
                      </a>
                      <div className="text-xs text-slate-700">/products/{p.slug}</div>
                    </td>
                    <td className={tdClass}>{p.categoryName}</td>
                    <td className={tdClass}>
                      {formatMoney(p.basePriceCents)}
                      {p.pricingUnit === 'each' ? ' each' : ''}
                    </td>
                    <td className={tdClass}>{p.unitCount}</td>
                    <td className={tdClass}>
                      <span className="flex flex-wrap gap-1">
                        {p.active ? <Badge tone="good">Shown</Badge> : <Badge>Hidden</Badge>}
                        {p.featured && <Badge tone="brand">Featured</Badge>}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => update({ page })} />}
      </LoadState>
    </div>
  );
}

/** Products from a CSV file and a zip of photos; the format is the export's (README, "Make it yours"). */
function CatalogImport({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  return (
    <CsvImport<CatalogPreviewRow>
      title="Import products"
      endpoint="/api/admin/imports/catalog"
      noun="product"
      withPhotos
      help={
        <>
          One product per row, with the columns of <strong>Export</strong> (name, category, description and price are required; the README’s
          “Make it yours” lists them all). Photos: addresses (https://…) or file names in the zip, separated by |. Categories that do not
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
