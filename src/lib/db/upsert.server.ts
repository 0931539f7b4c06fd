import type { Sql } from './client.server';

/**
 * `on conflict (key) do update set` every other column of `columns` to the value just offered: what
 * the seed and the imports use to save a record by its natural key (a slug, a code) without a
 * hand-kept list that forgets a column. The names are the code's own column keys, never input.
 * Callers append what else the update sets (`, updated_at = now()`) and `returning`.
 */
export function overwriteOnConflict(sql: Sql, columns: Record<string, unknown>, key: string[]) {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const set = Object.keys(columns)
    .filter((name) => !key.includes(name))
    .map((name) => `${quote(name)} = excluded.${quote(name)}`);
  return sql.unsafe(`on conflict (${key.map(quote).join(', ')}) do update set ${set.join(', ')}`);
}
