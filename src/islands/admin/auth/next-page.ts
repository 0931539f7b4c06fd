/** Only admin pages are valid places to return to after signing in (no open redirect). */
export function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/admin(\/[\w\-/?=&%.]*)?$/.test(next) && !next.startsWith('/admin/login') && !next.startsWith('/admin/two-factor') ? next : '/admin';
}
