import { adminPaths } from '../../../lib/paths';

/** Only admin pages are valid places to return to after signing in (no open redirect). */
export function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/admin(\/[\w\-/?=&%.]*)?$/.test(next) && !next.startsWith(adminPaths.login()) && !next.startsWith(adminPaths.twoFactor) ? next : adminPaths.home;
}
