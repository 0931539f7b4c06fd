/**
 * `node --import tsx tests/support/bundle-functions.ts <dir>`: every function built with Netlify's
 * bundler into <dir>, for the integration run (started by netlify-bundle-global-setup.ts), then the list
 * of what was built in <dir>/built.json, or the error in <dir>/failed.txt.
 */
import { rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleNetlifyFunctions } from '../../src/lib/deploy/netlify-bundler.server';
import { bundleResultFiles } from './netlify-bundle-global-setup';

const dir = process.argv[2];
if (!dir) throw new Error('Usage: bundle-functions.ts <folder>');

// The test run that started this process ended without waiting for it (killed before its teardown): the
// channel to it closes, and nothing would ever read or remove the bundles.
process.channel?.unref();
process.on('disconnect', () => {
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  process.exit(1);
});

async function writeWhole(name: string, text: string) {
  await writeFile(path.join(dir!, `${name}.part`), text);
  await rename(path.join(dir!, `${name}.part`), path.join(dir!, name));
}

try {
  const functions = await bundleNetlifyFunctions('netlify/functions', dir, process.cwd());
  await writeWhole(bundleResultFiles.built, JSON.stringify(functions));
} catch (error) {
  await writeWhole(bundleResultFiles.failed, `Netlify's bundler failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
}
