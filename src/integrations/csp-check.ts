import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cspHash, inlineScripts } from '../lib/http/inline-scripts';
import { loadEnv } from 'vite';
import { analyticsConfigured, headersFile, INLINE_SCRIPT_HASHES } from '../lib/http/security-headers';
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

interface ScanResult {
  /** Hashes not in the policy, with the first page and the start of the script, for the error. */
  unknown: Map<string, { file: string; start: string }>;
  used: Set<string>;
}

/** Every inline script of every page under `root`, hashed and compared with the policy. */
async function scan(root: string): Promise<ScanResult> {
  const unknown = new Map<string, { file: string; start: string }>();
  const used = new Set<string>();
  // Pages repeat the same few scripts: hash each distinct text once.
  const hashes = new Map<string, string>();
  const check = (file: string, html: string) => {
    for (const script of inlineScripts(html)) {
      let hash = hashes.get(script);
      if (hash === undefined) {
        hash = cspHash(script);
        hashes.set(script, hash);
      }
      used.add(hash);
      if (!(hash in INLINE_SCRIPT_HASHES) && !unknown.has(hash)) unknown.set(hash, { file: path.relative(root, file), start: script.trim().slice(0, 80) });
    }
  };
  // Tens of thousands of pages: one read at a time leaves the disk waiting on each round trip,
  // so a few reads are kept in flight while the previous page is scanned.
  const files = await htmlFiles(root);
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      // The one read of each page in the build: it also gets its island style moved into <head>.
      check(file, await withIslandStylesInHead(file, await readFile(file, 'utf8')));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, files.length) }, reader));
  return { unknown, used };
}

/**
 * Fails the build when a page contains an inline script the Content-Security-Policy does not allow
 * (src/lib/http/security-headers.ts), instead of shipping a page whose script the browser blocks.
 *
 * The scan starts as soon as every page is written (astro:build:generated) and is awaited in
 * astro:build:done, so reading thousands of pages overlaps the service worker and sitemap steps
 * of the other integrations instead of following them.
 */
export function cspCheck(): AstroIntegration {
  let pending: Promise<ScanResult> | undefined;
  const start = (dir: URL) => {
    const result = scan(fileURLToPath(dir));
    // Awaited in astro:build:done; until then a failure must not count as an unhandled rejection.
    result.catch(() => {});
    return result;
  };
  return {
    name: 'csp-check',
    hooks: {
      'astro:build:generated': ({ dir }) => {
        pending = start(dir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { unknown, used } = await (pending ?? start(dir));
        pending = undefined;
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
