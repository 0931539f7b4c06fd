import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { cspHash, inlineScripts } from '../lib/http/inline-scripts';
import { INLINE_SCRIPT_HASHES } from '../lib/http/security-headers';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? (e.name === '_astro' ? [] : htmlFiles(path.join(dir, e.name))) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : [])),
  );
  return nested.flat();
}

/**
 * Fails the build when a page contains an inline script the Content-Security-Policy does not allow
 * (src/lib/http/security-headers.ts), instead of shipping a page whose script the browser blocks.
 */
export function cspCheck(): AstroIntegration {
  return {
    name: 'csp-check',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const unknown = new Map<string, { file: string; start: string }>();
        const used = new Set<string>();
        for (const file of await htmlFiles(root)) {
          for (const script of inlineScripts(await readFile(file, 'utf8'))) {
            const hash = cspHash(script);
            used.add(hash);
            if (!(hash in INLINE_SCRIPT_HASHES) && !unknown.has(hash)) unknown.set(hash, { file: path.relative(root, file), start: script.trim().slice(0, 80) });
          }
        }
        if (unknown.size) {
          const list = [...unknown].map(([hash, where]) => `  '${hash}' in ${where.file}: ${where.start}`).join('\n');
          throw new Error(
            `These inline scripts would be blocked by the Content-Security-Policy:\n${list}\n` +
              'Move the code into a processed <script> (a file), or add its hash to INLINE_SCRIPT_HASHES in ' +
              'src/lib/http/security-headers.ts and copy the new policy into netlify.toml.',
          );
        }
        const unused = Object.keys(INLINE_SCRIPT_HASHES).filter((h) => !used.has(h));
        if (unused.length) logger.info(`CSP: allowed inline script hashes not used by this build: ${unused.join(', ')}`);
      },
    },
  };
}
