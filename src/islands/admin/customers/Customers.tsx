import { useState } from 'react';
import type { CustomerRow, CustomersPreview } from '../../../lib/customers/index.server';
import type { Page } from '../../../lib/lists';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { useAdminData } from '../shared/admin-api';
import { CsvImport } from '../shared/CsvImport';
import { CellNote, type Column } from '../shared/DataTable';
import { PagedListWithDetail } from '../shared/ListWithDetail';
import { CsvLink, listCsvUrl, listSearch, SearchBox, useListParams, type ListParams } from '../shared/list';
import { openColumn } from '../shared/record-parts';
import { ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { CustomerPanel } from './CustomerPanel';
import { staffClock } from '../shared/business';

// `id` rides along with the list state so an open customer survives reload and can be shared.
const defaults: ListParams = { q: '', page: 1, pageSize: 25, sort: 'created', dir: 'desc', filters: { id: '' } };

/**
 * Beside an open customer (or its placeholder) the list has half of a 1280 px screen: what staff find a
 * customer by fits there without scrolling sideways. The e-mail sits under the name (breaking anywhere,
 * as an address has no spaces), the last event under the count of bookings; lifetime value and
 * "customer since", which the open customer shows too, join as columns once the list is wide (a
 * container query on the list's box) and stay on a phone's cards.
 */
const wideOnly = { className: 'hidden max-sm:table-cell @2xl:table-cell', headerClassName: 'hidden max-sm:table-cell @2xl:table-cell' };

function customerColumns(openId: string | undefined, open: (id: string) => void): Column<CustomerRow>[] {
  return [
    openColumn({ key: 'name', header: 'Name' }, openId, open, (c) => c.name, (c) => <span className="wrap-anywhere">{c.email}</span>),
    { key: 'phone', header: 'Phone', sort: 'server', className: 'whitespace-nowrap', cell: (c) => c.phone },
    {
      key: 'bookings',
      header: 'Bookings',
      sort: 'server',
      className: 'tabular-nums',
      cell: (c) => (
        <>
          {c.bookings}
          {c.lastEventDate && <CellNote>last {formatMediumDate(c.lastEventDate)}</CellNote>}
        </>
      ),
    },
    { key: 'lifetimeValue', header: 'Lifetime value', sort: 'server', className: `tabular-nums ${wideOnly.className}`, headerClassName: wideOnly.headerClassName, cell: (c) => formatMoney(c.lifetimeValueCents) },
    { key: 'created', header: 'Customer since', sort: 'server', className: `whitespace-nowrap ${wideOnly.className}`, headerClassName: wideOnly.headerClassName, cell: (c) => staffClock().mediumDate(new Date(c.createdAt)) },
  ];
}

/**
 * /admin/customers (managers): everyone who booked, with lifetime value (payments received minus
 * refunds, over all their bookings); one customer opens beside the list.
 */
export default function Customers() {
  const { params, update, sortBy, search } = useListParams(defaults);
  const { id: openId, ...filters } = params.filters;
  const { data, error, loading, reload } = useAdminData<Page<CustomerRow>>(adminApi.customers.list(listSearch({ ...params, filters })));
  const [importing, setImporting] = useState(false);
  const open = (id: string) => update({ filters: { id }, page: params.page });

  return (
    <>
      <ScreenHeader
        title="Customers"
        description="Lifetime value = payments received minus refunds, over all of a customer’s bookings."
        actions={
          <>
            <button type="button" className={secondaryButtonClass} aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
              Import
            </button>
            <CsvLink href={listCsvUrl(adminApi.customers.list(), { ...params, filters })} label={params.q ? 'the customers found' : 'every customer'} />
          </>
        }
      />
      {importing && (
        <div className="mb-4">
          <CsvImport<CustomersPreview['rows'][number]>
            title="Import customers"
            endpoint={adminApi.imports.customers}
            noun="customer"
            help={
              <>
                One customer per row: <strong>name, email, phone</strong> (required), and optionally address_line1, address_line2, city, state,
                zip and notes. An e-mail already on file is refused on its row.
              </>
            }
            columns={[
              { header: 'Name', cell: (r) => r.name },
              { header: 'E-mail', cell: (r) => r.email },
              { header: 'Phone', cell: (r) => r.phone },
              { header: 'City', cell: (r) => r.city },
            ]}
            onClose={() => setImporting(false)}
            onImported={() => {
              setImporting(false);
              reload();
            }}
          />
        </div>
      )}
      <PagedListWithDetail
        detailLabel="Customer"
        onClose={() => update({ filters: { id: '' }, page: params.page })}
        placeholder="Choose a customer to see their bookings, lifetime value and notes."
        detail={openId ? <CustomerPanel key={openId} id={openId} onClose={() => update({ filters: { id: '' }, page: params.page })} onMerged={reload} /> : null}
        above={
          <form className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Find customers" onSubmit={(e) => e.preventDefault()}>
            <SearchBox label="Search: name, e-mail or phone" {...search} />
          </form>
        }
        table={{
          caption: 'Customers',
          columns: customerColumns(openId, open),
          loaded: { data, loading, error },
          openId,
          // The box the columns above measure (`@2xl:`), not the screen.
          scrollClassName: '@container',
          empty: params.q ? 'No customer matches this search.' : 'No customers yet.',
          list: { params, update, sortBy },
        }}
      />
    </>
  );
}
