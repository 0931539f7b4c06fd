import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './database';

/**
 * Local runs need no keys: without AUTH_SECRET, one is made once and kept in DATA_DIR/auth-secret,
 * so staff stay signed in across restarts. A deployed site sets AUTH_SECRET itself.
 */
export function ensureAuthSecret(): void {
  if (process.env.AUTH_SECRET) return;
  const file = path.join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  process.env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
}
