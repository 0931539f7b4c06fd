/**
 * Cross-origin reads for the booking widget (issue #39): a few public endpoints answer pages of the
 * websites the owner listed, and only those; every other endpoint stays same-origin (no CORS header
 * at all). Credentials are never allowed: the widget's requests carry no cookie, and nothing it may
 * read depends on one.
 */

/** Whether a page of `origin` may call; the owner's list, read when asked (it changes in Settings). */
export type CorsPolicy = (origin: string) => Promise<boolean>;

/** The request's `Origin` when it comes from a page of another site; null for the site's own pages and for non-browser clients. */
export function crossOrigin(req: Request): string | null {
  const origin = req.headers.get('origin');
  return origin && origin !== new URL(req.url).origin ? origin : null;
}

export const isPreflight = (req: Request) => req.method === 'OPTIONS' && req.headers.has('access-control-request-method');

/** What an allowed origin's answer carries; a cache must keep answers to different origins apart. */
export const allowOriginHeaders = (origin: string): Record<string, string> => ({ 'access-control-allow-origin': origin, vary: 'Origin' });

/** The answer to a preflight from an allowed origin: the methods, a JSON body, and a ten-minute memory. */
export function preflightResponse(origin: string, methods: string[]): Response {
  return new Response(null, {
    status: 204,
    headers: { ...allowOriginHeaders(origin), 'access-control-allow-methods': methods.join(', '), 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' },
  });
}

export const ORIGIN_NOT_ALLOWED_MESSAGE = 'This site is not set up to show bookings.';

/** A page of a site the owner did not list: refused before anything runs (a plain POST needs no preflight). */
export const originRefused = (): Response =>
  Response.json({ error: { code: 'origin_not_allowed', message: ORIGIN_NOT_ALLOWED_MESSAGE } }, { status: 403, headers: { vary: 'Origin' } });
