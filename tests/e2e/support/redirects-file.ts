import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';

/** Where Netlify would find a path in a publish folder: the file itself, path.html, or path/index.html. */
export function builtFile(dist: string, urlPath: string): string | null {
  const clean = decodeURIComponent(urlPath.split(/[?#]/)[0]!).replace(/\/$/, '') || '/';
  const candidates = clean === '/' ? ['index.html'] : [clean, `${clean}.html`, `${clean}/index.html`];
  for (const c of candidates) {
    const file = path.join(dist, c);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Whether a rule's address (exact, or `/*` for everything under it) takes this path. */
const takes = (from: string, address: string) => (from.endsWith('/*') ? address.startsWith(from.slice(0, -1)) || address === from.slice(0, -2) : address === from);

/**
 * The build's `_redirects` as Netlify's parser reads it (the old addresses of towns switched off or
 * renamed, src/integrations/town-redirects.ts), and what is wrong with it: a parse error; a rule that is
 * not a permanent redirect; one whose target no built page answers; one on an address a page is built at
 * (it would never apply: Netlify serves the file); an address named twice; a target another rule takes
 * (a visitor would be sent on again, or round in a loop).
 */
export async function redirectsFileProblems(dist: string): Promise<{ rules: { from: string; to: string; status: number }[]; problems: string[] }> {
  const file = path.join(dist, '_redirects');
  if (!existsSync(file)) return { rules: [], problems: ['no _redirects in the build'] };
  const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: false });
  // The parser's declared type is unknown[]; each is a normalized rule.
  const rules = redirects as { from: string; to: string; status: number }[];
  const problems = (errors as { message: string }[]).map((e) => e.message);
  const seen = new Set<string>();
  for (const rule of rules) {
    if (rule.status !== 301) problems.push(`${rule.from}: status ${rule.status}`);
    if (!builtFile(dist, rule.to)) problems.push(`${rule.from}: ${rule.to} is not a built page`);
    if (!rule.from.endsWith('/*') && builtFile(dist, rule.from)) problems.push(`${rule.from}: a page is built there`);
    if (seen.has(rule.from)) problems.push(`${rule.from}: named twice`);
    seen.add(rule.from);
    const onward = rules.find((other) => takes(other.from, rule.to.split('?')[0]!));
    if (onward) problems.push(`${rule.from} -> ${rule.to} -> ${onward.to}: more than one hop`);
  }
  return { rules, problems };
}
