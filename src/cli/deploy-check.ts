import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deployReadiness, formatDeployReport } from '../lib/deploy';
import { bundleNetlifyFunctions } from '../lib/deploy/index.server';
import { fail, runCli } from './output';

/**
 * `npm run deploy:check`: a rehearsal of a Netlify deploy. Builds the site as Netlify's build does
 * (`astro build`, skipped with --skip-build), builds every function with Netlify's own bundler, and
 * reports against the environment what the deployed site would lack. --env-file=<file> adds the
 * variables you will set on Netlify (a variable already set in the shell wins, as Node reads env files).
 * Exit code 0 when ready, 1 otherwise.
 */
runCli(async () => {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--skip-build' && !a.startsWith('--env-file='));
  if (unknown.length) fail(`Unknown option ${unknown[0]}. Use --skip-build (no site build) and --env-file=<file> (read the variables from a file).`);
  const envFile = args.find((a) => a.startsWith('--env-file='))?.slice('--env-file='.length);
  if (envFile) {
    try {
      process.loadEnvFile(envFile);
    } catch {
      fail(`Cannot read ${envFile}: write one NAME=value per line, as in .env.example.`);
    }
  }
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  // As the build script (package.json): the bundler's allocator hands freed memory back before pages are written.
  process.env.MIMALLOC_PURGE_DELAY ??= '0';

  let buildFailed = false;
  if (args.includes('--skip-build')) {
    console.log('Site build skipped (--skip-build).');
  } else if (!process.env.DATABASE_URL) {
    // The pages read the catalog from the database while building: without one the build cannot run.
    console.log('Site build skipped: it reads the catalog from DATABASE_URL, which is not set.');
  } else {
    console.log('Building the site (astro build) ...');
    buildFailed = !(await succeeds('astro', ['build']));
  }

  console.log('Building the functions with Netlify’s bundler (about a minute) ...');
  // Outside the project, as on Netlify: a bundle cannot borrow the project's node_modules there.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'deploy-check-'));
  try {
    const functions = await bundleNetlifyFunctions('netlify/functions', outDir);
    const report = deployReadiness(functions, process.env, {
      bundlesCarry: (file) => functions.every((fn) => existsSync(path.join(fn.bundleDir, file))),
    });
    if (buildFailed) report.problems.unshift({ subject: 'astro build', problem: 'failed (its output is above).', fix: 'Fix the build error; Netlify runs the same build.' });
    console.log(`\n${formatDeployReport(report)}\n`);
    process.exitCode = report.problems.length === 0 ? 0 : 1;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});

function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
