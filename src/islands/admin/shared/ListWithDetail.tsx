import { isValidElement, useEffect, useRef, type ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from './PagedTable';
import { secondaryButtonClass } from './ui';
import { Card } from './ui';

export interface ListWithDetailProps {
  /** The list (usually a `<Card>` with a `DataTable` or a list of rows). */
  list: ReactNode;
  /** The open record's panel, or null when none is open. */
  detail: ReactNode | null;
  /** What the detail pane says while nothing is open (wide screens only: a phone shows the list). */
  placeholder: ReactNode;
  /** Names the detail region for screen readers, e.g. "Message" or "Quote request". */
  detailLabel: string;
  /** Closes the open record (back to the list on a phone). */
  onClose(): void;
}

/**
 * A list beside the record it opens: side by side from 1024 px; on a phone the open record takes the
 * screen with "Back to the list" above it, and the list returns (scrolled where it was) on close.
 * Focus moves to the record when it opens, so keyboard and screen-reader users land on it.
 */
export function ListWithDetail({ list, detail, placeholder, detailLabel, onClose }: ListWithDetailProps) {
  const detailRef = useRef<HTMLElement>(null);
  const open = detail !== null;
  // Focus follows the record (the detail element's key), not every re-render of the screen.
  const openKey = isValidElement(detail) ? detail.key : null;
  useEffect(() => {
    if (open) detailRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 1024px)').matches });
  }, [open, openKey]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <div className={open ? 'hidden lg:block' : undefined}>{list}</div>
      {open ? (
        <section ref={detailRef} tabIndex={-1} aria-label={detailLabel} className="min-w-0 outline-none">
          <button type="button" className={`${secondaryButtonClass} mb-3 lg:hidden`} onClick={onClose}>
            ← Back to the list
          </button>
          {detail}
        </section>
      ) : (
        <div className="hidden lg:block">
          <Card>
            <p className="text-sm text-slate-700">{placeholder}</p>
          </Card>
        </div>
      )}
    </div>
  );
}

/**
 * The usual list-with-detail screen: one page of records in a card (under `above`, a search form),
 * each row opening its record beside the list.
 */
export function PagedListWithDetail<T extends { id: string }>({
  table,
  above,
  ...pane
}: Omit<ListWithDetailProps, 'list'> & { table: PagedTableProps<T>; above?: ReactNode }) {
  return (
    <ListWithDetail
      {...pane}
      list={
        <Card>
          {above}
          <PagedTable {...table} />
        </Card>
      }
    />
  );
}
