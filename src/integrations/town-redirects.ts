import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { env } from '../lib/config';
import { connect, type Sql } from '../lib/db/index.server';
import { redirectsFile, townRedirects as townRedirectRules } from '../lib/locations';
import { townRedirectInput } from '../lib/locations/index.server';
import { afterPages } from './after-pages';

/**
 * Writes the build's `_redirects` (in the publish folder, where Netlify reads it): the old addresses of
 * towns staff switched off, each a permanent redirect to the service-areas page (src/lib/locations/
 * town-redirects.ts says which towns and addresses). Written at every build, so publishing after a town
 * is switched off (or on again) changes the rules with the pages; `npm start` serves the same file
 * (src/cli/build-redirects.ts). netlify.toml keeps the rules that never change.
 */
export function townRedirects(): AstroIntegration {
  const written = afterPages(async (dir) => {
    const sql = connect(env().DATABASE_URL, 1);
    try {
      return await writeTownRedirects(fileURLToPath(dir), sql);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
  return {
    name: 'town-redirects',
    hooks: {
      'astro:build:generated': ({ dir }) => written.begin(dir),
      'astro:build:done': async ({ dir, logger }) => {
        const { towns, rules } = await written.result(dir);
        logger.info(`Town redirects: ${rules} addresses of ${towns} switched-off ${towns === 1 ? 'town' : 'towns'} in _redirects.`);
      },
    },
  };
}

/** Reads the service areas and writes `<dist>/_redirects`; how many towns and rules it holds. */
export async function writeTownRedirects(dist: string, sql: Sql): Promise<{ towns: number; rules: number }> {
  const input = await townRedirectInput(sql);
  const rules = townRedirectRules(input);
  await writeFile(path.join(dist, '_redirects'), redirectsFile(rules));
  return { towns: input.switchedOff.length, rules: rules.length };
}
