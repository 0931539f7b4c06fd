import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { secondaryButtonClass } from './ui';
import { inputClass, labelClass } from '../../shared/form-classes';

export interface ListParams {
  q: string;
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
  /** The list's own filters (status, date range ...), all strings as in the URL. */
  filters: Record<string, string>;
}

function readParams(defaults: ListParams): ListParams {
  const search = new URLSearchParams(location.search);
  const filters = Object.fromEntries(Object.keys(defaults.filters).map((key) => [key, search.get(key) ?? defaults.filters[key]!]));
  return {
    q: search.get('q') ?? defaults.q,
    page: Math.max(1, Number(search.get('page')) || defaults.page),
    pageSize: defaults.pageSize,
    sort: search.get('sort') ?? defaults.sort,
    dir: search.get('dir') === 'asc' || search.get('dir') === 'desc' ? (search.get('dir') as 'asc' | 'desc') : defaults.dir,
    filters,
  };
}

/** The API query string for these params (empty values left out). */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.page > 1) search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize));
  search.set('sort', params.sort);
  search.set('dir', params.dir);
  for (const [key, value] of Object.entries(params.filters)) if (value) search.set(key, value);
  return search.toString();
}

/**
 * List state kept in the page URL, so a filtered list survives reload and can be shared.
 * Changing anything but the page goes back to page 1.
 */
export function useListParams(defaults: ListParams) {
  const [params, setParams] = useState<ListParams>(() => (typeof location === 'undefined' ? defaults : readParams(defaults)));
  useEffect(() => {
    const search = new URLSearchParams(listSearch(params));
    search.delete('pageSize');
    if (params.sort === defaults.sort) search.delete('sort');
    if (params.dir === defaults.dir) search.delete('dir');
    const query = search.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
  }, [params, defaults.sort, defaults.dir]);
  // Counts the searches set from outside the search box, which then shows them instead of what was typed.
  const [searchResets, setSearchResets] = useState(0);
  const update = (change: Partial<Omit<ListParams, 'filters'>> & { filters?: Record<string, string> }) => {
    if (change.q !== undefined) setSearchResets((n) => n + 1);
    setParams((p) => ({ ...p, ...change, filters: { ...p.filters, ...change.filters }, page: change.page ?? 1 }));
  };
  const sortBy = (column: string) => setParams((p) => ({ ...p, sort: column, dir: p.sort === column && p.dir === 'asc' ? 'desc' : 'asc', page: 1 }));
  // The same function from render to render, so the search box's pause is not restarted by each one.
  const onSearch = useCallback((q: string) => setParams((p) => ({ ...p, q, page: 1 })), []);
  /** The SearchBox's value and search: `<SearchBox label="…" {...search} />`. */
  const search = { value: params.q, onSearch, reset: searchResets };
  return { params, update, sortBy, search };
}

/**
 * Search box that waits for a pause in typing before searching. A search set from outside ("Clear
 * filters": `reset` changes) replaces what is typed, even a pause not yet over: kept, the box showed the
 * old words over the unfiltered list, and its pause then searched them again.
 */
export function SearchBox({ label, value, onSearch, reset = 0 }: { label: string; value: string; onSearch(q: string): void; reset?: number }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seenReset, setSeenReset] = useState(reset);
  if (reset !== seenReset) {
    setSeenReset(reset);
    setText(value);
  }
  useEffect(() => {
    const q = text.trim();
    // Spaces typed after a word make no new search.
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="min-w-56 flex-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} type="search" className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

/**
 * A search that asks the server only when told (Enter or the Search button, two characters at
 * least): for finding one record to act on, where a list that searches as you type would not help.
 */
export function SearchOnDemand({ id, label, value, onChange, onSearch, className = '' }: { id: string; label: ReactNode; value: string; onChange(q: string): void; onSearch(): void; className?: string }) {
  return (
    <div className={['flex flex-wrap items-end gap-2', className].filter(Boolean).join(' ')}>
      <div className="min-w-0 grow">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSearch();
            }
          }}
          className="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3 text-base"
        />
      </div>
      <button type="button" className={secondaryButtonClass} disabled={value.trim().length < 2} onClick={onSearch}>
        Search
      </button>
    </div>
  );
}

export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-800">
      <p>
        {total === 0 ? 'No results' : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="flex gap-2">
        <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="self-center">
          Page {page} of {pages}
        </span>
        <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** A download link styled as a button (a plain GET: the session cookie goes along). */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={secondaryButtonClass}>
      Download CSV<span className="sr-only"> of {label}</span>
    </a>
  );
}

/** The CSV of a list as filtered and sorted on screen: every row, not only this page. */
export const listCsvUrl = (endpoint: string, params: ListParams) => `${endpoint}?${listSearch({ ...params, page: 1 })}&format=csv`;
