import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleNetlifyFunctions, type BuiltNetlifyFunction } from '../../src/lib/deploy/netlify-bundler.server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every function as Netlify's bundler built it for this run, and the temporary folder holding them all. */
    netlifyBundle: { dir: string; functions: BuiltNetlifyFunction[] };
  }
}

/**
 * Every function bundled once per run, before any test starts, in the system's temporary folder
 * (outside the project, where a module missing from a bundle cannot be found in the project's
 * node_modules instead). Bundling takes minutes on a busy 2-core machine: in a test file's hook it ran
 * against the hook's time limit, and the folder's removal in the next hook then raced the bundler
 * still writing into it (ENOTEMPTY). Here it has no time limit to lose to, and the removal starts
 * only once the run is over.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'netlify-bundle-'));
  // Some 200,000 files: a pass that meets a folder something is still writing into (ENOTEMPTY) is retried.
  const removeBundles = () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  try {
    const functions = await bundleNetlifyFunctions('netlify/functions', dir, project.config.root);
    project.provide('netlifyBundle', { dir, functions });
  } catch (error) {
    await removeBundles();
    throw error;
  }
  return removeBundles;
}
