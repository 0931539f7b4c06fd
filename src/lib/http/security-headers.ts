/**
 * The security headers of every response, in one place:
 * - netlify.toml repeats `pageSecurityHeaders` but its Content-Security-Policy for the static files
 *   Netlify serves (a unit test keeps the two equal, since Netlify cannot read this module); the
 *   policy depends on whether analytics is configured, which netlify.toml cannot know, so the build
 *   writes it to dist/_headers (`headersFile`, from src/integrations/csp-check.ts);
 * - functions answer with `apiSecurityHeaders` (Netlify applies netlify.toml headers only to files it
 *   serves itself, never to function responses), added by the handler wrapper;
 * - `npm start` adds `pageSecurityHeaders` to any response that arrives without them (redirects,
 *   the 404 page, its own error answer), so local behaviour matches production or is stricter.
 */

/**
 * Inline scripts the build is allowed to contain, by SHA-256 of their exact text. Everything else
 * must be a file from this origin. Astro's island loader is inline by design; the three hand-written
 * ones must run before first paint (cart badge), without a network (offline page) or on any unknown
 * path (404). The build fails (see src/integrations/csp-check.ts) when an inline script is not listed
 * here, naming the hash to add, so a new inline script is always a reviewed decision.
 */
export const INLINE_SCRIPT_HASHES: Record<string, string> = {
  'sha256-Ip7aFTh2xc9OwCcftckjtBJ9yQZGnJRBZNF2wsHoBrc=': 'SiteHeader.astro: paints the cart count (and its words, in the page language) before first paint',
  'sha256-GFKQMYcwiyqwtHiIdtJ8Mr34hpI5sLo6O2eAbYo3/eg=': 'ErrorPage.astro (404, both languages): shows the missing path',
  'sha256-m3JdwupReybzV6P8NlyIl2n7qtVV5FVD+W74IC1q4gw=': 'offline.astro: the retry button (must work with no network)',
  'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U=': 'Astro island runtime (<astro-island>)',
  'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c=': 'Astro client:load directive',
  'sha256-Q2BPg90ZMplYY+FSdApNErhpWafg2hcRRbndmvxuL/Q=': 'Astro client:visible directive',
  'sha256-eIXWvAmxkr251LJZkjniEK5LcPF3NkapbJepohwYRIc=': 'Astro client:only directive (admin screens)',
  'sha256-A7esIyDTeskfjv6I+AUDrGItF/FAhh3hmk0emUBXx1Q=': 'client:cart directive (src/scripts/cart-directive.ts, bundled and inlined by Astro)',
};

/**
 * The analytics and ads tag (Google tag, loaded only when PUBLIC_ANALYTICS_ID is set at build time)
 * and where it sends hits, per Google's CSP guide for GA4 and Google Ads. Named in the policy only
 * when analytics is configured: otherwise no Google host may run a script or receive a hit.
 * www.google.com is allowed for images
 * and hits only, never for scripts (it hosts JSONP endpoints that would bypass the policy).
 */
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
};

/**
 * Product photos uploaded through the admin live in Supabase Storage. Any project's host is allowed,
 * because netlify.toml is the same for every deployment and cannot read SUPABASE_URL.
 */
const PHOTO_HOSTS = ['https://*.supabase.co'];

const pageDirectives = (analytics: boolean): [string, string[]][] => [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", ...Object.keys(INLINE_SCRIPT_HASHES).map((h) => `'${h}'`), ...(analytics ? ANALYTICS.script : [])]],
  // Inline <style> blocks (Astro's scoped styles, view transitions) and style attributes cannot run
  // code; hashing them would break on every CSS edit for no real gain.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  // data: and blob: for the signature pad, photo previews and the calendar file. Resized product
  // photos come from Netlify Image CDN at /.netlify/images on this origin, so 'self' covers them.
  ['img-src', ["'self'", 'data:', 'blob:', ...PHOTO_HOSTS, ...(analytics ? ANALYTICS.img : [])]],
  // data: for the admin calendar: FullCalendar's CSS embeds its arrow-icon font as a data: URI.
  ['font-src', ["'self'", 'data:']],
  // Fetches, workers and the web manifest come from this origin only: default-src 'self' says so (worker-src
  // falls back to script-src, whose only origin is 'self'), and every directive here rides on each file the
  // site serves, scripts included. connect-src is written only when it adds the analytics hosts.
  ...(analytics ? [['connect-src', ["'self'", ...ANALYTICS.connect]] as [string, string[]]] : []),
  ['frame-src', ["'none'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  // Forms post to our own API; Stripe Checkout is reached by navigating to its URL, which CSP does not restrict.
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

const serialize = (directives: [string, string[]][]) => directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');

/** Headers every response carries, whatever it is. */
const commonHeaders = {
  // Two years, with subdomains: the site is HTTPS-only on Netlify.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Nothing on the site uses these; a third-party script cannot either. Checkout happens on Stripe's own page.
  'Permissions-Policy': 'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
  // For browsers that predate frame-ancestors.
  'X-Frame-Options': 'DENY',
} as const;

/** The policy of pages and static files; `analytics`: PUBLIC_ANALYTICS_ID was set for the build. */
export const pagePolicy = ({ analytics }: { analytics: boolean }): string => serialize(pageDirectives(analytics));

/** Whether a build with these variables loads the analytics tag (as src/layouts/BaseLayout.astro decides). */
export const analyticsConfigured = (env: { PUBLIC_ANALYTICS_ID?: string | undefined }): boolean => Boolean(env.PUBLIC_ANALYTICS_ID);

/**
 * Pages and static files of a site without analytics: what `npm start` adds to an answer without
 * headers (stricter than or equal to the build's own policy).
 */
export const pageSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': pagePolicy({ analytics: false }),
  ...commonHeaders,
};

/**
 * dist/_headers: the page policy for every path, as Netlify (and `npm start`, through Netlify's own
 * request chain) reads it beside netlify.toml's other headers.
 */
export const headersFile = ({ analytics }: { analytics: boolean }): string =>
  `# Written by the build (src/integrations/csp-check.ts) from src/lib/http/security-headers.ts.\n/*\n  Content-Security-Policy: ${pagePolicy({ analytics })}\n`;

/**
 * Function answers (JSON, the waiver PDF, the QR code SVG) load nothing and run nothing, so their
 * policy forbids everything; object-src stays open to 'self' so the browser's PDF viewer can show a waiver.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  ...commonHeaders,
};

/** Adds each header the response does not already set (a function may choose a stricter one). */
export function applySecurityHeaders(headers: Headers, set: Record<string, string>): void {
  for (const [name, value] of Object.entries(set)) if (!headers.has(name)) headers.set(name, value);
}
