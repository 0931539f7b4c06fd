import type { AdminCategory } from '../../../lib/catalog/catalog-admin.server';
import type { Page } from '../../../lib/lists/list-query';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { Badge, buttonClass, LoadState, ScreenHeader, tableClass, tdClass, thClass } from '../shared/ui';
import { FilterSelect, shownOnSiteOptions } from '../shared/filters';
import { PublishingPanel } from '../publishing/PublishingPanel';

/** /admin/categories: the categories the site shows, in their order. */
export default function CategoryList() {
  const { params, update, sortBy } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'order', dir: 'asc', filters: { active: '' } });
  const { data, error, loading } = useAdminData<Page<AdminCategory>>(`/api/admin/categories?${listSearch(params)}`);
  return (
    <div>
      <ScreenHeader
        title="Categories"
        description="The groups products are browsed by on the site."
        actions={
          <a className={buttonClass} href="/admin/categories/create">
            New category
          </a>
        }
      />
      <PublishingPanel />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search categories" value={params.q} onSearch={(q) => update({ q })} />
        <FilterSelect label="Shown on the site" value={params.filters.active ?? ''} options={shownOnSiteOptions} onChange={(active) => update({ filters: { active } })} />
      </div>
      <LoadState loading={loading} error={error} empty={data && data.items.length === 0 ? 'No categories match.' : undefined}>
        {data && (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className={tableClass}>
              <caption className="sr-only">Categories</caption>
              <thead>
                <tr>
                  <SortHeader column="order" label="Order" params={params} onSort={sortBy} />
                  <SortHeader column="name" label="Name" params={params} onSort={sortBy} />
                  <SortHeader column="products" label="Products" params={params} onSort={sortBy} />
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <td className={tdClass}>{c.sortOrder}</td>
                    <td className={tdClass}>
                      <a href={`/admin/categories/${c.id}/edit`} className="font-semibold text-brand-800 underline underline-offset-2">
                        {c.name}
                      </a>
                      <div className="text-xs text-slate-700">{c.slug}</div>
                    </td>
                    <td className={tdClass}>
                      <a href={`/admin/products?category=${c.id}`} className="text-brand-800 underline underline-offset-2">
                        {c.productCount}
                        <span className="sr-only"> products in {c.name}</span>
                      </a>
                    </td>
                    <td className={tdClass}>{c.active ? <Badge tone="good">Shown</Badge> : <Badge>Hidden</Badge>}</td>
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
