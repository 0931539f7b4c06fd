import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './database';

/**
 * Local runs need no keys: a secret the environment does not set is made once and kept in
 * DATA_DIR/<file>, so what it signed stays valid across restarts. A deployed site sets its own.
 */
function ensureLocalSecret(variable: 'AUTH_SECRET' | 'HUMAN_CHECK_SECRET', file: string): void {
  if (process.env[variable]) return;
  const where = path.join(dataDir, file);
  if (!existsSync(where)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(where, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  process.env[variable] = readFileSync(where, 'utf8').trim();
}

/** The AUTH_SECRET a site started here would sign in with, without making one: null when it would make a new one. */
export function authSecretHere(): string | null {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const where = path.join(dataDir, 'auth-secret');
  return existsSync(where) ? readFileSync(where, 'utf8').trim() : null;
}

/** Signs staff sessions: staff stay signed in across restarts. */
export const ensureAuthSecret = () => ensureLocalSecret('AUTH_SECRET', 'auth-secret');

/** Signs the public forms' human-check challenges. */
export const ensureHumanCheckSecret = () => ensureLocalSecret('HUMAN_CHECK_SECRET', 'human-check-secret');
