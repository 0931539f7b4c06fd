import { spawn } from 'node:child_process';
import { ensureAuthSecret, ensureHumanCheckSecret } from './auth-secret';
import { prepareDatabase } from './database';
import { createFirstOwner } from './first-owner';
import { runCli } from './output';

/** `npm run dev`: hot-reloading `astro dev` (functions served by Netlify's Vite plugin) on the prepared database. */
runCli(async () => {
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  // Netlify's own flag for "local, not the platform" (see src/lib/runtime/platform.server.ts).
  process.env.NETLIFY_LOCAL ??= 'true';
  ensureAuthSecret();
  ensureHumanCheckSecret();
  const database = await prepareDatabase();
  await createFirstOwner();
  const child = spawn('astro', ['dev', '--port', process.env.PORT ?? '4321'], { stdio: 'inherit', env: process.env });
  const stop = async () => {
    child.kill('SIGINT');
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  child.on('exit', () => void stop());
});
