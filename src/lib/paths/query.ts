/**
 * The one way an address gets its query, for pages and the API alike. Pure, no imports: safe in any
 * island.
 */

/** A query as the callers have it: already written (`a=1&b=2`, with or without "?"), or by name. */
export type Search = string | URLSearchParams | Record<string, string | undefined>;

/**
 * `path?query`, without a dangling "?" when there is no query. Named values that are missing or
 * empty are left out (a link never carries `?booking=`). They are encoded with encodeURIComponent
 * rather than URLSearchParams: the same bytes the e-mails and older links carry (a space is %20,
 * not +), so one address looks the same wherever it is written; a server reads both alike.
 */
export function withSearch(path: string, search?: Search): string {
  const query =
    search === undefined
      ? ''
      : typeof search === 'string'
        ? search.replace(/^\?/, '')
        : search instanceof URLSearchParams
          ? search.toString()
          : Object.entries(search)
              .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
              .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
              .join('&');
  return query ? `${path}?${query}` : path;
}
