import type { AdminCategory } from '../../../lib/catalog/index.server';
import type { Page } from '../../../lib/lists';
import { useAdminData } from '../shared/admin-api';
import { listSearch, SearchBox, useListParams } from '../shared/list';
import type { Column } from '../shared/DataTable';
import { PagedTable } from '../shared/PagedTable';
import { adminApi, adminPaths } from '../../../lib/paths';
import { Badge, buttonClass, Card, ScreenHeader } from '../shared/ui';
import { ShownOnSiteFilter } from '../shared/filters';
import { PublishingPanel } from '../publishing/PublishingPanel';

const linkClass = 'text-brand-800 underline underline-offset-2';

const columns: Column<AdminCategory>[] = [
  { key: 'order', header: 'Order', sort: 'server', cell: (c) => c.sortOrder },
  {
    key: 'name',
    header: 'Name',
    sort: 'server',
    rowHeader: true,
    cell: (c) => (
      <>
        <a href={adminPaths.categoryEdit(c.id)} className={linkClass}>
          {c.name}
        </a>
        <div className="text-xs font-normal text-slate-700">{c.slug}</div>
      </>
    ),
  },
  {
    key: 'products',
    header: 'Products',
    sort: 'server',
    cell: (c) => (
      <a href={adminPaths.productsInCategory(c.id)} className={linkClass}>
        {c.productCount}
        <span className="sr-only"> products in {c.name}</span>
      </a>
    ),
  },
  { key: 'status', header: 'Status', cell: (c) => (c.active ? <Badge tone="good">Shown</Badge> : <Badge>Hidden</Badge>) },
];

/** /admin/categories: the categories the site shows, in their order. */
export default function CategoryList() {
  const { params, update, sortBy, search } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'order', dir: 'asc', filters: { active: '' } });
  const { data, error, loading } = useAdminData<Page<AdminCategory>>(adminApi.categories.list(listSearch(params)));
  return (
    <div>
      <ScreenHeader
        title="Categories"
        description="The groups products are browsed by on the site."
        actions={
          <a className={buttonClass} href={adminPaths.newCategory}>
            New category
          </a>
        }
      />
      <PublishingPanel />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox label="Search categories" {...search} />
        <ShownOnSiteFilter filters={params.filters} update={update} />
      </div>
      <Card>
        <PagedTable
          caption="Categories"
          columns={columns}
          loaded={{ data, loading, error }}
          empty="No categories match."
          list={{ params, update, sortBy }}
        />
      </Card>
    </div>
  );
}
