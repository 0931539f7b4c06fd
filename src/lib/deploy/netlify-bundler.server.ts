import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listFunctions, zipFunctions, type Config as BundlerConfig, type NodeBundlerName } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';
import type { BundledFunction } from './function-routes';

/** A function as Netlify's bundler lists it: its routes and schedule, and the source file it starts from. */
export type ListedNetlifyFunction = BundledFunction & { mainFile: string };

/** A function as Netlify's bundler built it: where its bundle went and the file Netlify would load. */
export type BuiltNetlifyFunction = BundledFunction & { bundleDir: string; entryFile: string; bundler: string | undefined };

type FunctionSettings = NonNullable<BundlerConfig[string]>;

/** One table of netlify.toml's function settings in the bundler's words. */
function functionSettings(table: Record<string, unknown>): FunctionSettings {
  const config: FunctionSettings = {};
  if (typeof table.node_bundler === 'string') config.nodeBundler = table.node_bundler as NodeBundlerName;
  if (Array.isArray(table.external_node_modules)) config.externalNodeModules = table.external_node_modules as string[];
  if (Array.isArray(table.included_files)) config.includedFiles = table.included_files as string[];
  return config;
}

/**
 * The function settings of netlify.toml in the form the bundler takes, as Netlify's build hands
 * them over: `[functions]` for every function (`node_bundler`, which Functions API v2 functions ignore:
 * they are always traced with nft; `external_node_modules`, `included_files`), and `[functions."name"]` tables for the functions
 * that name (or glob) matches; the bundler merges them, adding up the lists.
 */
export async function bundlerConfigFromNetlifyToml(root: string): Promise<BundlerConfig> {
  const toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8')) as { functions?: Record<string, unknown> };
  const functions = toml.functions ?? {};
  const config: BundlerConfig = { '*': functionSettings(functions) };
  for (const [name, value] of Object.entries(functions)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) config[name] = functionSettings(value as Record<string, unknown>);
  }
  return config;
}

/**
 * What Netlify's bundler reads from each function without building it (about 0.1 s for all of
 * them): `config` parsed from the source, literal values only.
 */
export async function listNetlifyFunctions(functionsDir: string, root = process.cwd()): Promise<ListedNetlifyFunction[]> {
  const listed = await listFunctions(path.resolve(root, functionsDir), { parseISC: true, config: await bundlerConfigFromNetlifyToml(root) });
  return listed
    .map((fn) => ({ name: fn.name, routes: fn.routes ?? [], schedule: fn.schedule ?? null, mainFile: fn.mainFile }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * How many functions the bundler builds at once. Its own default is five whatever the machine: on two
 * cores five bundles at a time took longer than two (279 s against 230 s for 64 functions on a busy
 * machine) and twice the memory (2.5 GB against 1.4 GB), each bundle tracing and copying thousands
 * of files. One per core, at most four.
 */
const BUNDLES_AT_ONCE = Math.min(4, os.availableParallelism());

/**
 * Builds every function with Netlify's bundler, as `netlify deploy` does, unzipped into `outDir`.
 * `outDir` belongs outside the project: there Node cannot fall back on the project's node_modules,
 * so a module missing from a bundle fails as it would on Netlify.
 */
export async function bundleNetlifyFunctions(functionsDir: string, outDir: string, root = process.cwd()): Promise<BuiltNetlifyFunction[]> {
  const results = await zipFunctions(path.resolve(root, functionsDir), outDir, {
    archiveFormat: 'none',
    basePath: root,
    repositoryRoot: root,
    config: await bundlerConfigFromNetlifyToml(root),
    manifest: path.join(outDir, 'manifest.json'),
    parallelLimit: BUNDLES_AT_ONCE,
  });
  return results
    .map((result) => ({
      name: result.name,
      routes: result.routes ?? [],
      schedule: result.schedule ?? null,
      bundleDir: result.path,
      bundler: result.bundler,
      // A v2 function's bundle keeps its source layout: <out>/<name>/<path from the root>/<name>.mjs.
      entryFile: path.join(result.path, path.relative(root, path.resolve(root, functionsDir)), `${result.name}.mjs`),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
