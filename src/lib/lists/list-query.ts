import { z } from '../validation';
import { DATE_YEARS_MESSAGE, isInDateYears, isIsoDate } from '../time';

/**
 * The query every admin list takes: search text, page, page size and one sort column from the
 * list's own allow-list (never raw SQL from the browser). Lists extend it with their filters.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number], defaultDir: 'asc' | 'desc' = 'asc') {
  return z.object({
    q: z.string().trim().max(100, 'Search with at most 100 characters').default(''),
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'Show at most 100 rows per page').default(25),
    sort: z.enum(sorts, { error: `Sort by one of: ${sorts.join(', ')}` }).default(defaultSort as never),
    dir: z.enum(['asc', 'desc'], { error: 'Direction is asc or desc' }).default(defaultDir),
  });
}

/** One page of a list, with the total for the pager. */
/** `format=csv` on a list: the same filters and order, as a file of every row (up to CSV_ROW_LIMIT). */
export const listFormat = { format: z.enum(['json', 'csv'], { error: 'Format is json or csv' }).default('json') };

export const CSV_ROW_LIMIT = 10_000;

/** A list query asking for its first CSV_ROW_LIMIT rows at once, for a CSV export. */
export const allRows = <Q extends { page: number; pageSize: number }>(query: Q): Q => ({ ...query, page: 1, pageSize: CSV_ROW_LIMIT });

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The page of `items` that `query` asked for, with the total for the pager. */
export const pageOf = <T>(query: { page: number; pageSize: number }, items: T[], total: number): Page<T> => ({ items, total, page: query.page, pageSize: query.pageSize });

export const offsetOf = (query: { page: number; pageSize: number }) => (query.page - 1) * query.pageSize;

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The filters lists share. The same schemas check the filter forms in the browser and the requests on the server.

/** An empty filter box sends '' (or nothing): both mean "any". */
export const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const optionalDate = (message: string) => z.preprocess(blankAsUndefined, z.string().refine(isIsoDate, message).refine(isInDateYears, DATE_YEARS_MESSAGE).optional());
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankAsUndefined, z.enum(values, { error: message }).optional());

export const dateRange = {
  from: optionalDate('Enter the first date as YYYY-MM-DD'),
  to: optionalDate('Enter the last date as YYYY-MM-DD'),
};
export const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last date must not be before the first' });
};
