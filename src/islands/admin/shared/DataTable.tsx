import { useMemo, useState, type ReactNode } from 'react';
import type { ApiError } from '../../shared/api';
import type { ListParams } from './list';
import { LoadState, tableClass, tdClass, thClass } from './ui';

export interface Column<T> {
  /** React key of the column; with `sort: 'server'` also the API's sort name. */
  key: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  /**
   * How the column sorts: 'server' asks the API (the table's `serverSort` says which column is
   * sorted), a function sorts the rows on screen by its value. Omitted: not sortable.
   */
  sort?: 'server' | ((row: T) => string | number);
  /** The cell that names the row: a row header, and the row's link when the table has `rowHref`. */
  rowHeader?: boolean;
  /** Extra classes for the column's cells, e.g. 'tabular-nums' or 'whitespace-nowrap'. */
  className?: string;
  /** Extra classes for the column's header, e.g. a width. */
  headerClassName?: string;
  /** Amounts and counts: right-aligned in even-width digits, header included. */
  numeric?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers (the sort is added to it). */
  caption: string;
  columns: readonly Column<T>[];
  /** null/undefined while the first load is under way. */
  rows: readonly T[] | null | undefined;
  rowKey(row: T): string;
  /** The message when there are no rows (say whether filters hid them). */
  empty: ReactNode;
  loading?: boolean;
  error?: ApiError | null;
  /** The list's URL state when the API sorts (see `useListParams`). */
  serverSort?: { params: ListParams; onSort(column: string): void };
  /** Where a row leads: its row-header cell becomes the link. */
  rowHref?(row: T): string;
  rowClassName?(row: T): string;
  /** Data attributes of a row, e.g. `{ 'data-step': step.event }` for tests and styles. */
  rowAttributes?(row: T): Record<`data-${string}`, string | number>;
  /**
   * Wraps a row's cells, for rows whose cells share state (a form spread over two cells): the
   * wrapper holds it and its cells read it from a context.
   */
  rowScope?(row: T, cells: ReactNode): ReactNode;
  /** The table's `<tfoot>` rows, e.g. totals (see `TotalsRow`). */
  foot?: ReactNode;
  /**
   * On a phone, where each row is a block of several lines, the foot (the totals) is drawn above the
   * rows: a long report's answer on the first screen instead of after every month or booking.
   */
  footFirstOnPhone?: boolean;
  /**
   * On a phone, each row is its name across the top and then its cells two to a line (each its column's
   * name and value), not one line per cell: for rows of many short figures, such as a report's per unit,
   * where a dozen rows of eight lines each took a dozen screens.
   */
  pairsOnPhone?: boolean;
  /** Extra classes for the scroll box, e.g. a maximum height for a long list. */
  scrollClassName?: string;
  /** Below the table inside the card, e.g. `<Pagination>`. */
  footer?: ReactNode;
}

type SortState = { key: string; dir: 'asc' | 'desc' };

/**
 * The admin's table: a caption, sortable headers (by the API or on screen), a row-header cell that
 * links to the record, loading/error/empty states. Below the sm breakpoint each row is a block of its
 * own, the row's name first and then one line per cell with its column's name beside the value, so
 * every amount and button is in sight without sideways scrolling (a phone on the lawn, 375 px); the
 * sortable headers stay above as a row of buttons. The scroll box is for wider screens, where a table
 * wider than its card scrolls inside it instead of widening the page.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, empty, loading = false, error = null, serverSort, rowHref, rowClassName, rowAttributes, rowScope, foot, footFirstOnPhone = false, pairsOnPhone = false, scrollClassName, footer }: DataTableProps<T>) {
  const [localSort, setLocalSort] = useState<SortState | null>(null);
  const sorted = useMemo(() => sortRows(rows ?? [], columns, localSort), [rows, columns, localSort]);
  const active: SortState | null = serverSort ? { key: serverSort.params.sort, dir: serverSort.params.dir } : localSort;
  const sortedBy = active && columns.find((c) => c.key === active.key && c.sort);
  const onSort = (column: Column<T>) => {
    if (column.sort === 'server') serverSort?.onSort(column.key);
    else setLocalSort((s) => ({ key: column.key, dir: s?.key === column.key && s.dir === 'asc' ? 'desc' : 'asc' }));
  };

  return (
    <>
      <LoadState loading={loading} error={error} empty={rows && rows.length === 0 ? empty : undefined}>
        {rows && (
          // A box that scrolls must be reachable by keyboard: without row links (the cells may hold
          // nothing focusable) the box itself is a named region in the tab order.
          <div className={['relative max-w-full overflow-x-auto', scrollClassName].filter(Boolean).join(' ')} aria-busy={loading} {...(rowHref ? {} : { role: 'region', 'aria-label': caption, tabIndex: 0 })}>
            {/* The roles said outright: a table drawn as blocks on a phone stays a table to screen readers (some browsers drop it otherwise). */}
            {/* The foot first on a phone by the flex order only: HTML keeps <tfoot> last, and a screen reader reads it there. */}
            <table role="table" className={`${tableClass} ${footFirstOnPhone ? 'max-sm:flex max-sm:flex-col' : 'max-sm:block'}`}>
              <caption className="sr-only">
                {caption}
                {sortedBy ? `, sorted by ${textOf(sortedBy.header)} ${active!.dir === 'asc' ? 'ascending' : 'descending'}` : ''}
              </caption>
              {/* On a phone: the sortable headers as a row of buttons; the others are for screen readers (each cell shows its column's name). */}
              <thead role="rowgroup" className={`${columns.some((c) => c.sort) ? 'max-sm:block' : 'max-sm:sr-only'} max-sm:order-first`}>
                <tr role="row" className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-2 max-sm:border-b max-sm:border-slate-300">
                  {columns.map((column) => (
                    <HeaderCell key={column.key} column={column} active={active} onSort={onSort} />
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="max-sm:block">
                {sorted.map((row) => {
                  const cells = columns.map((column) => <BodyCell key={column.key} column={column} row={row} href={column.rowHeader ? rowHref?.(row) : undefined} pairs={pairsOnPhone} />);
                  return (
                    <tr role="row" key={rowKey(row)} className={['hover:bg-slate-50', pairsOnPhone ? phonePairsRowClass : phoneRowClass, rowClassName?.(row)].filter(Boolean).join(' ')} {...rowAttributes?.(row)}>
                      {rowScope ? rowScope(row, cells) : cells}
                    </tr>
                  );
                })}
              </tbody>
              {foot && <tfoot role="rowgroup" className={`max-sm:block ${footFirstOnPhone ? 'max-sm:-order-1 max-sm:border-b-2 max-sm:border-slate-400' : ''}`}>{foot}</tfoot>}
            </table>
          </div>
        )}
      </LoadState>
      {footer}
    </>
  );
}

/** A row of the table's foot drawn by its columns, in bold: the totals under the rows they add up. */
export function TotalsRow<T>({ columns, row }: { columns: readonly Column<T>[]; row: T }) {
  return (
    <tr role="row" className={`font-bold ${phoneRowClass}`}>
      {columns.map((column) => (
        <BodyCell key={column.key} column={column} row={row} href={undefined} bold />
      ))}
    </tr>
  );
}

function HeaderCell<T>({ column, active, onSort }: { column: Column<T>; active: SortState | null; onSort(column: Column<T>): void }) {
  const phone = column.sort ? 'max-sm:w-auto max-sm:border-0 max-sm:bg-transparent max-sm:px-1 max-sm:py-1' : 'max-sm:sr-only';
  const className = [thClass, column.numeric ? numericClass : '', column.headerClassName, phone].filter(Boolean).join(' ');
  if (!column.sort) {
    return (
      <th role="columnheader" scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const on = active?.key === column.key;
  return (
    <th role="columnheader" scope="col" className={className} aria-sort={on ? (active!.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex min-h-6 items-center gap-1 font-semibold hover:underline" onClick={() => onSort(column)}>
        {column.header}
        <span aria-hidden="true">{on ? (active!.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

const numericClass = 'text-right tabular-nums';

/** A row on a phone: a block of its own, its cells one under another. */
const phoneRowClass = 'max-sm:block max-sm:border-b max-sm:border-slate-200 max-sm:py-2';
/**
 * A cell on a phone: its column's name (from `data-label`, not read out: the cell has its header) beside
 * its value, on one line of two columns; the value wraps rather than widening the row. Empty cells go.
 */
const phoneCellClass =
  'max-sm:grid max-sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] max-sm:gap-x-3 max-sm:min-w-0 max-sm:max-w-none max-sm:border-0 max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:whitespace-normal max-sm:wrap-anywhere max-sm:has-[>div:empty]:hidden max-sm:before:font-normal max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)_/_""]';
/** A row on a phone with `pairsOnPhone`: a grid of two columns, its cells filling it two to a line. */
const phonePairsRowClass = 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:border-b max-sm:border-slate-200 max-sm:py-2';
/**
 * A cell of such a row: its column's name (smaller, so a name and an amount fit half a 375 px phone) and
 * its value at either end of its half of the line; a value too long for it goes under the name rather
 * than widening the row.
 */
const phonePairCellClass =
  'max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:justify-between max-sm:gap-x-2 max-sm:before:text-xs max-sm:min-w-0 max-sm:max-w-none max-sm:border-0 max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:whitespace-normal max-sm:wrap-anywhere max-sm:has-[>div:empty]:hidden max-sm:before:font-normal max-sm:before:text-slate-700 max-sm:before:content-[attr(data-label)_/_""]';
/** A cell whose column has no name to show (a row's buttons, a photo): its value alone, the whole width. */
const phoneBareCellClass = 'max-sm:block max-sm:min-w-0 max-sm:max-w-none max-sm:border-0 max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:whitespace-normal max-sm:wrap-anywhere max-sm:empty:hidden';

function BodyCell<T>({ column, row, href, bold = false, pairs = false }: { column: Column<T>; row: T; href: string | undefined; bold?: boolean; pairs?: boolean }) {
  const weight = bold ? 'font-bold' : column.rowHeader ? 'font-semibold' : '';
  // The row's name heads its block on a phone; other cells show their column's name, when it has one in words.
  const label = !column.rowHeader && typeof column.header === 'string' ? column.header : undefined;
  // In a row of pairs, a cell without a name to show (the row's own name first) takes the whole line.
  const phone = label ? (pairs ? phonePairCellClass : phoneCellClass) : pairs ? `${phoneBareCellClass} max-sm:col-span-2` : phoneBareCellClass;
  const className = [tdClass, column.numeric ? numericClass : '', column.className, weight, phone].filter(Boolean).join(' ');
  const content = href ? (
    <a href={href} className="text-brand-800 underline underline-offset-2">
      {column.cell(row)}
    </a>
  ) : (
    column.cell(row)
  );
  return column.rowHeader ? (
    <th role="rowheader" scope="row" className={className}>
      {content}
    </th>
  ) : label ? (
    // The value in a box of its own: the second column beside the name on a phone, whatever it holds.
    <td role="cell" className={className} data-label={label}>
      <div className="min-w-0">{content}</div>
    </td>
  ) : (
    <td role="cell" className={className}>
      {content}
    </td>
  );
}

function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState | null): readonly T[] {
  const by = sort && columns.find((c) => c.key === sort.key)?.sort;
  if (!by || by === 'server') return rows;
  const factor = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    return factor * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en-US', { numeric: true }));
  });
}

/** A header's words for the caption ("sorted by Event"). */
const textOf = (node: ReactNode): string => (typeof node === 'string' || typeof node === 'number' ? String(node) : 'the chosen column');

/** A cell's second, smaller line under its main text (an e-mail under a name, a ZIP under a date). */
export function CellNote({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-normal text-slate-700">{children}</span>;
}

/** A column's cell of two lines: the main text and a `CellNote` under it (a name and its e-mail, a booking and its renter). */
export const notedCell =
  <T,>(main: (row: T) => ReactNode, note: (row: T) => ReactNode) =>
  (row: T) => (
    <>
      {main(row)}
      <CellNote>{note(row)}</CellNote>
    </>
  );
