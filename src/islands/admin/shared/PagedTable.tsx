import type { Page } from '../../../lib/lists';
import type { ApiError } from '../../shared/api';
import { DataTable, type DataTableProps } from './DataTable';
import { Pagination, type ListParams } from './list';

export type PagedTableProps<T extends { id: string }> = Omit<DataTableProps<T>, 'rows' | 'rowKey' | 'loading' | 'error' | 'serverSort' | 'footer'> & {
  /** The list endpoint's answer as `useAdminData` loads it (`data` null while the first page loads). */
  loaded: { data: Page<T> | null | undefined; loading: boolean; error: ApiError | null };
  /** The list's URL state from `useListParams`: the API sorts, and the pages turn. */
  list: { params: ListParams; update(change: { page: number }): void; sortBy(column: string): void };
  /** The record open beside the list (`ListWithDetail`): its row is marked. */
  openId?: string | null | undefined;
};

/** A `DataTable` of one page of records from a list endpoint, sorted by the API, with its pages below. */
export function PagedTable<T extends { id: string }>({ loaded: { data: page, loading, error }, list, openId, ...table }: PagedTableProps<T>) {
  return (
    <DataTable
      {...table}
      rows={page?.items}
      rowKey={(row) => row.id}
      {...(openId !== undefined && { rowClassName: (row: T) => (row.id === openId ? 'bg-brand-50' : '') })}
      loading={loading}
      error={error}
      serverSort={{ params: list.params, onSort: list.sortBy }}
      footer={page && <Pagination page={page.page} pageSize={page.pageSize} total={page.total} onPage={(n) => list.update({ page: n })} />}
    />
  );
}
