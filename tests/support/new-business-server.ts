import { spawn } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { NEW_BUSINESS_SERVER_STARTING, newBusinessDataDir, newBusinessDir } from './e2e-env';

/**
 * Starts `npm start` empty (START_EMPTY=true) from a copy of the project inside .data, as the bench
 * copies it: Node finds node_modules in the project root above the copy, and the copy's builds and
 * publishing write its own dist/, not the main e2e server's. The environment (port, owner, secrets)
 * comes from playwright.config.ts.
 */
const root = process.cwd();
const site = path.resolve(root, newBusinessDir, 'site');
await rm(path.resolve(root, newBusinessDir), { recursive: true, force: true });
await mkdir(site, { recursive: true });
for (const entry of ['src', 'public', 'netlify', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml']) {
  await cp(path.join(root, entry), path.join(site, entry), { recursive: true });
}
const child = spawn('tsx', ['src/cli/start.ts'], {
  cwd: site,
  stdio: 'inherit',
  env: { ...process.env, START_EMPTY: 'true', DATA_DIR: path.resolve(root, newBusinessDataDir) },
});
console.log(`${NEW_BUSINESS_SERVER_STARTING} (${site}).`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
