/** The id in /admin/products/{id} or /admin/categories/{id}/edit: the part of the path after `prefix`. */
export function idFromPath(prefix: string): string | null {
  const rest = location.pathname.slice(prefix.length).split('/')[0] ?? '';
  return rest || null;
}

export const isUuid = (v: string | null) =>
  v !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
