import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { env } from '../lib/config';
import { connect, MAINTENANCE_LIMITS, type Sql } from '../lib/db/index.server';
import { redirectsFile, townRedirects as townRedirectRules } from '../lib/locations';
import { townRedirectInput } from '../lib/locations/index.server';
import { afterPagesHooks } from './after-pages';
// Types only: the matcher (all of Netlify's redirect runtime) is loaded by astro.config.mjs for `astro dev`
// alone, as Netlify's Vite plugin is, and handed in; a build has no use for it.
import type { buildRedirects, BuildRedirects } from '../cli/build-redirects';

/**
 * Writes the build's `_redirects` (in the publish folder, where Netlify reads it): the old addresses of
 * towns staff switched off or renamed, each a permanent redirect (src/lib/locations/town-redirects.ts
 * says which towns and addresses, and where each goes). Written at every build, so publishing after a
 * town is switched off, on again or renamed changes the rules with the pages; `npm start` serves the
 * same file (src/cli/build-redirects.ts), and `astro dev` (`npm run dev`) writes and serves it the same
 * way (devTownRedirects). netlify.toml keeps the rules that never change.
 */
export function townRedirects({ devMatcher }: { devMatcher?: typeof buildRedirects } = {}): AstroIntegration {
  return {
    name: 'town-redirects',
    hooks: {
      ...afterPagesHooks(
        writeTownRedirectsFromDatabase,
        ({ towns, rules }) =>
          `Town redirects: ${rules} addresses of ${towns} switched-off or renamed ${towns === 1 ? 'town' : 'towns'} in _redirects.`,
      ),
      'astro:server:setup': async ({ server }) => {
        if (!devMatcher) return;
        const dev = await devTownRedirects(devMatcher);
        server.middlewares.use(dev.middleware);
        server.httpServer?.once('close', () => void dev.close());
      },
    },
  };
}

/** Reads the service areas and writes `<dist>/_redirects`; how many towns and rules it holds. */
export async function writeTownRedirects(dist: string, sql: Sql): Promise<{ towns: number; rules: number }> {
  const input = await townRedirectInput(sql);
  const rules = townRedirectRules(input);
  await writeFile(path.join(dist, '_redirects'), redirectsFile(rules));
  // A town switched off and renamed counts once: slugs are unique among the areas.
  const towns = new Set([...input.switchedOff.map((town) => town.slug), ...input.renamed.map((r) => r.now.slug)]);
  return { towns: towns.size, rules: rules.length };
}

async function writeTownRedirectsFromDatabase(dir: string) {
  const sql = connect(env().DATABASE_URL, 1, MAINTENANCE_LIMITS);
  try {
    return await writeTownRedirects(dir, sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * The town redirects under `astro dev`. Netlify's Vite plugin serves netlify.toml's rules in dev but no
 * build's `_redirects` (there is no build), so the dev server does what `npm start` does with the
 * build's file: writes the same file, from the database, into a folder of its own, and answers from it
 * with Netlify's parser and matcher (buildRedirects), before the pages and netlify.toml's rules as on
 * Netlify. Read once, at the first request: the dev server's pages read the service areas once too
 * (siteData), so the rules and the pages agree until the dev server restarts.
 */
export async function devTownRedirects(matcher: typeof buildRedirects) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'town-redirects-dev-'));
  let redirects: Promise<BuildRedirects> | undefined;
  const load = async () => {
    await writeTownRedirectsFromDatabase(dir);
    return matcher(dir);
  };
  return {
    /** Connect middleware: answers a redirect, or hands the request on. */
    async middleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
      try {
        // A failed read is tried again at the next request rather than kept.
        redirects ??= load().catch((error: unknown) => {
          redirects = undefined;
          throw error;
        });
        const moved = await (
          await redirects
        ).answer(new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)));
        if (!moved) return next();
        req.resume();
        res.writeHead(moved.status, Object.fromEntries(moved.headers)).end();
      } catch (error) {
        next(error);
      }
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
