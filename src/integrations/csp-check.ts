import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cspHash, inlineScripts } from '../lib/http';
import { loadEnv } from 'vite';
import { analyticsConfigured, headersFile, INLINE_SCRIPT_HASHES } from '../lib/http';
import { renderInWorkers, type EachHtmlPage } from './page-workers';
import { afterPages } from './after-pages';
import { withIslandStylesInHead } from './island-styles-in-head';

const READS_IN_FLIGHT = 16;

async function htmlFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    // Astro removes its own working folder (dist/.prerender) while the scan may already be running.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? e.name === '_astro' || e.name === '.prerender'
          ? []
          : htmlFiles(path.join(dir, e.name))
        : e.name.endsWith('.html')
          ? [path.join(dir, e.name)]
          : [],
    ),
  );
  return nested.flat();
}

/** Every inline script of the pages checked, hashed and compared with the policy. */
function scanner() {
  /** Hashes not in the policy, with the first page and the start of the script, for the error. */
  const unknown = new Map<string, { file: string; start: string }>();
  const used = new Set<string>();
  // Pages repeat the same few scripts: hash each distinct text once.
  const hashes = new Map<string, string>();
  const check = (file: string, scripts: string[]) => {
    for (const script of scripts) {
      let hash = hashes.get(script);
      if (hash === undefined) {
        hash = cspHash(script);
        hashes.set(script, hash);
      }
      used.add(hash);
      if (!(hash in INLINE_SCRIPT_HASHES) && !unknown.has(hash)) unknown.set(hash, { file, start: script.trim().slice(0, 80) });
    }
  };
  return { unknown, used, check };
}
type Scanner = ReturnType<typeof scanner>;

/**
 * Checks each page's inline scripts as it is rendered, on whichever thread rendered it (page-workers.ts
 * has moved its island style into <head> by then). Reading the 20,000 pages of a 10,000-landing-page
 * build back from disk after the build (the check's old way) cost more than the check itself.
 */
function checkWhileRendering(scan: Scanner, checked: Set<string>): EachHtmlPage {
  return (file, scripts) => {
    scan.check(file.slice(1), scripts);
    checked.add(file);
  };
}

/**
 * The HTML files under `root` the renderer did not check (copied from public/, written by another
 * integration), read, checked and given their island style in <head> as well.
 */
async function scanOthers(root: string, scan: Scanner, checked: ReadonlySet<string>): Promise<number> {
  const files = (await htmlFiles(root)).filter((file) => !checked.has(`/${path.relative(root, file).split(path.sep).join('/')}`));
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      scan.check(path.relative(root, file), inlineScripts(await withIslandStylesInHead(file, await readFile(file, 'utf8'))));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, files.length) }, reader));
  return files.length;
}

/**
 * Fails the build when a page contains an inline script the Content-Security-Policy does not allow
 * (src/lib/http/security-headers.ts), instead of shipping a page whose script the browser blocks.
 *
 * Each page is checked as it is rendered (see checkWhileRendering); what else dist holds is read once
 * the pages are written (astro:build:generated) and awaited in astro:build:done, beside the service
 * worker and sitemap steps of the other integrations.
 */
export function cspCheck(): AstroIntegration {
  let scan = scanner();
  let checked = new Set<string>();
  const others = afterPages((dir) => scanOthers(fileURLToPath(dir), scan, checked));
  return {
    name: 'csp-check',
    hooks: {
      'astro:build:start': ({ setPrerenderer, logger }) => {
        scan = scanner();
        checked = new Set();
        // Astro keeps one prerenderer, so this integration also sets the one that renders pages on
        // every core (page-workers.ts); each page is checked as it comes back, whichever thread made it.
        setPrerenderer((prerenderer) => renderInWorkers(prerenderer, { logger, eachHtmlPage: checkWhileRendering(scan, checked) }));
      },
      'astro:build:generated': ({ dir }) => others.begin(dir),
      'astro:build:done': async ({ dir, logger }) => {
        const othersRead = await others.result(dir);
        logger.info(`CSP: ${checked.size} pages checked as they were rendered, ${othersRead} other HTML files read.`);
        const { unknown, used } = scan;
        if (unknown.size) {
          const list = [...unknown].map(([hash, where]) => `  '${hash}' in ${where.file}: ${where.start}`).join('\n');
          throw new Error(
            `These inline scripts would be blocked by the Content-Security-Policy:\n${list}\n` +
              'Move the code into a processed <script> (a file), or add its hash to INLINE_SCRIPT_HASHES in ' +
              'src/lib/http/security-headers.ts (the build writes the policy to dist/_headers).',
          );
        }
        const unused = Object.keys(INLINE_SCRIPT_HASHES).filter((h) => !used.has(h));
        if (unused.length) logger.info(`CSP: allowed inline script hashes not used by this build: ${unused.join(', ')}`);
        // The policy names the analytics hosts only when this build loads the tag (the same variables
        // Astro gave the pages: the environment first, then .env files).
        const analytics = analyticsConfigured(loadEnv('production', process.cwd(), 'PUBLIC_'));
        await writeFile(path.join(fileURLToPath(dir), '_headers'), headersFile({ analytics }));
        logger.info(`CSP: dist/_headers written ${analytics ? 'with' : 'without'} the analytics hosts.`);
      },
    },
  };
}
