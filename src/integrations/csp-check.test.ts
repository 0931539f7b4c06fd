import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { pagePolicy } from '../lib/http/security-headers';
import { cspCheck } from './csp-check';

/** Runs the integration's build-done step on a folder holding one page, as `astro build` would. */
async function build(env: Record<string, string | undefined>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'csp-build-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title><p>hello</p>');
  const saved = process.env.PUBLIC_ANALYTICS_ID;
  if (env.PUBLIC_ANALYTICS_ID === undefined) delete process.env.PUBLIC_ANALYTICS_ID;
  else process.env.PUBLIC_ANALYTICS_ID = env.PUBLIC_ANALYTICS_ID;
  try {
    const done = cspCheck().hooks['astro:build:done'] as unknown as (options: { dir: URL; logger: { info: () => void } }) => Promise<void>;
    await done({ dir: pathToFileURL(`${dir}/`), logger: { info: () => {} } });
  } finally {
    if (saved === undefined) delete process.env.PUBLIC_ANALYTICS_ID;
    else process.env.PUBLIC_ANALYTICS_ID = saved;
  }
  return readFile(path.join(dir, '_headers'), 'utf8');
}
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('the build’s Content-Security-Policy (dist/_headers)', () => {
  it('names no Google host when no analytics id is set', async () => {
    const headers = await build({ PUBLIC_ANALYTICS_ID: undefined });
    expect(headers).toContain(`Content-Security-Policy: ${pagePolicy({ analytics: false })}`);
    expect(headers).not.toMatch(/googletagmanager|google-analytics|doubleclick/);
  });

  it('allows the Google tag’s hosts when an analytics id is set for the build', async () => {
    const headers = await build({ PUBLIC_ANALYTICS_ID: 'G-TEST123' });
    expect(headers).toContain(`Content-Security-Policy: ${pagePolicy({ analytics: true })}`);
    expect(headers).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  });
});
