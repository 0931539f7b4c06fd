import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The temporary folder this run's functions are being bundled into, while the first test files run. */
    netlifyBundle: { dir: string };
  }
}

/**
 * What bundle-functions.ts writes into the folder, each by a rename so that a reader never sees half a
 * file: the functions built, or why they could not be.
 */
export const bundleResultFiles = { built: 'built.json', failed: 'failed.txt' };
const { failed: FAILED } = bundleResultFiles;

/**
 * Every function bundled once per run with Netlify's bundler, in the system's temporary folder (outside
 * the project, where a module missing from a bundle cannot be found in the project's node_modules
 * instead), by a process of its own started here and not awaited: the run's other test files go on
 * meanwhile, and the bundle test waits for the bundles. (Awaited here, bundling held every test back
 * for two minutes, the machine a quarter idle.) The folder is removed once the run is over, if the
 * bundle test has not removed it already.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'netlify-bundle-'));
  const script = path.join(project.config.root, 'tests/support/bundle-functions.ts');
  // The IPC channel is how the bundler learns that this run has ended without its teardown (killed): it
  // then stops and removes the folder itself (bundle-functions.ts). Unreferenced, so it holds nothing open.
  const bundler = spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: project.config.root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  bundler.channel?.unref();
  const exited = new Promise<void>((resolve) => {
    bundler.on('exit', (code, signal) => {
      // A bundler that ended without saying why (killed, crashed) still ends the bundle test's wait.
      if (code !== 0 && !existsSync(path.join(dir, FAILED))) {
        writeFileSync(path.join(dir, FAILED), `Netlify's bundler ended with ${signal ?? `exit code ${code}`} before it had built every function.`);
      }
      resolve();
    });
  });
  project.provide('netlifyBundle', { dir });
  return async () => {
    if (bundler.exitCode === null && bundler.signalCode === null) bundler.kill();
    await exited;
    await removeBundles(dir);
  };
}

/** Some 200,000 files: a pass that meets a folder something is still writing into (ENOTEMPTY) is retried. */
export const removeBundles = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
