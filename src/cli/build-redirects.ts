import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { RedirectsHandler } from '@netlify/redirects';

/**
 * The build's own redirect rules under `npm start`: the `_redirects` file the build writes into the
 * publish folder (the old addresses of towns switched off or renamed, src/integrations/town-redirects.ts), which
 * Netlify reads from every deploy. @netlify/dev reads netlify.toml and a `_redirects` at the project's
 * root, never the publish folder's, so the server reads the build's file itself with Netlify's own
 * parser and matcher (@netlify/redirects, what @netlify/dev uses for netlify.toml), once per build:
 * make a new one when a publish has put a new build in place.
 *
 * Netlify applies `_redirects` before netlify.toml's rules, and a rule without `!` only where no file
 * answers the address; `answer` does the same, so the server asks it before Netlify's chain.
 */
export function buildRedirects(publishDir: string) {
  const handler = new RedirectsHandler({ configRedirects: [], projectDir: publishDir, publicDir: publishDir, jwtSecret: '', jwtRoleClaim: '' });
  return {
    /**
     * The redirect for this request, or null: no rule matches, the rule is not a redirect (the build
     * writes only redirects; anything else is left to Netlify's chain), or a built file answers the address.
     */
    async answer(request: Request): Promise<Response | null> {
      const match = await handler.match(request);
      if (!match?.redirect) return null;
      if (!match.force && builtFileAnswers(publishDir, new URL(request.url).pathname)) return null;
      // The address as the rule names it, with the request's query (Netlify passes it on): a relative
      // Location, whatever host the visitor used.
      return new Response(null, { status: match.statusCode, headers: { location: `${match.target.pathname}${match.target.search}` } });
    },
  };
}

export type BuildRedirects = ReturnType<typeof buildRedirects>;

/**
 * Whether a built file answers the address as Netlify finds one: the file itself, `{path}.html` or
 * `{path}/index.html`, with or without a trailing slash. Netlify normalizes the slash away before it
 * looks for a file or applies a rule, so `/es/` finds `es.html` and `/es/products/` finds
 * `es/products.html` (the build writes pages as `{path}.html`), as `/about/` finds `about.html`; @netlify/dev's
 * own lookup (@netlify/static) tries the same names.
 */
export function builtFileAnswers(publishDir: string, pathname: string): boolean {
  let file: string;
  try {
    file = path.join(publishDir, decodeURIComponent(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname));
  } catch {
    return false;
  }
  return [file, `${file}.html`, path.join(file, 'index.html')].some((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}
