import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, rmdir, mkdir, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_BUILD_HOOK_PATH } from '../lib/publishing';
import { precompressBuildFiles } from './precompress';

/**
 * "Publish now" under `npm start`. On Netlify, publishing calls the site's build hook and Netlify
 * builds and deploys. Here `npm start` serves a build hook of its own and points
 * NETLIFY_BUILD_HOOK_URL at it, so the admin publishes through the same code as in production
 * (debounce, audit, retries): the hook answers at once, as Netlify's does, and the site is rebuilt in
 * the background (`astro build` into a staging folder) and then put in place of the files served.
 */
export interface LocalPublisher {
  hookUrl: string;
  /** True for a request to this server's build hook. */
  isHookRequest(method: string, url: URL): boolean;
  /** Rebuilds and serves the site; resolves when a build started after this call is in place. */
  publish(reason: string | null): Promise<void>;
}

/** Identifies one build of the site locally (Netlify's deploy id plays this part in production). */
export function localBuildId(now = new Date()): string {
  return `local-${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
}

export function localPublisher(options: { origin: string; publishDir: string; stagingDir: string }): LocalPublisher {
  // A secret path: only this process (the admin's publishing function) knows where to knock.
  const hookPath = `${LOCAL_BUILD_HOOK_PATH}${randomBytes(16).toString('hex')}`;
  const build = oneAtATime(async () => {
    const started = Date.now();
    const buildId = localBuildId();
    console.log('Publishing: rebuilding the site ...');
    await astroBuild(options.stagingDir, buildId);
    await precompressBuildFiles(options.stagingDir);
    await replaceContents(options.stagingDir, options.publishDir);
    await rm(options.stagingDir, { recursive: true, force: true });
    // Functions read it per request (/api/health, the Netlify context's deploy id), as pages carry it.
    process.env.BUILD_ID = buildId;
    console.log(`Published build ${buildId} in ${Math.round((Date.now() - started) / 1000)} s.`);
  });
  return {
    hookUrl: `${options.origin}${hookPath}`,
    isHookRequest: (method, url) => method === 'POST' && url.pathname === hookPath,
    publish: (reason) => {
      if (reason) console.log(`Publishing requested: ${reason}`);
      return build().catch((error: unknown) => {
        // Like a failed deploy on Netlify: the site keeps serving the last good build.
        console.error(`Publishing failed; the site still serves the previous build. ${(error as Error).message}`);
      });
    },
  };
}

/**
 * Runs `task` for each call, never two at once; calls that arrive while it runs share one more run
 * after it (a burst of "Publish now" presses costs at most one extra build, and none is lost). The
 * promise a call gets settles when a run that started after the call has finished.
 */
export function oneAtATime(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run = task().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (next) return next;
    if (!running) return start();
    next = running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

function astroBuild(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('astro', ['build', '--outDir', outDir], { env: { ...process.env, BUILD_ID: buildId }, stdio: ['ignore', 'pipe', 'pipe'] });
    // 550 pages of build log would bury the server's own; it is printed only when the build fails.
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      console.error(output.join('').split('\n').slice(-40).join('\n'));
      reject(new Error(`\`astro build\` failed (exit code ${code}).`));
    });
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function sameContent(a: string, b: string): Promise<boolean> {
  try {
    const [left, right] = await Promise.all([readFile(a), readFile(b)]);
    return left.equals(right);
  } catch {
    return false;
  }
}

/**
 * Makes `target` hold exactly the files of `source` while it is being served: each changed file is
 * written beside its place and renamed over it (a request gets the old file or the new one, never half
 * of one), unchanged files are left alone, and files the new build no longer has are removed last.
 * The folder itself never disappears, as a swap of two folders would make it for a moment.
 */
export async function replaceContents(source: string, target: string): Promise<{ written: number; removed: number }> {
  const files = await filesUnder(source);
  let written = 0;
  for (const file of files) {
    const from = path.join(source, file);
    const to = path.join(target, file);
    if (await sameContent(from, to)) continue;
    await mkdir(path.dirname(to), { recursive: true });
    const temporary = `${to}.publishing-${process.pid}`;
    await copyFile(from, temporary);
    await rename(temporary, to);
    written++;
  }
  const keep = new Set(files);
  const stale = (await filesUnder(target)).filter((file) => !keep.has(file));
  await Promise.all(stale.map((file) => rm(path.join(target, file), { force: true })));
  await removeEmptyFolders(target, target);
  return { written, removed: stale.length };
}

async function removeEmptyFolders(dir: string, root: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true });
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !(await removeEmptyFolders(path.join(dir, entry.name), root))) empty = false;
  }
  if (empty && dir !== root) await rmdir(dir);
  return empty;
}
