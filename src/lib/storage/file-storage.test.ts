import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runningOnNetlify } from '../runtime/platform.server';
import { assertStoragePath, fileStorageKind } from './file-storage';
import { localFileStorage } from './local-file-storage.server';

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

describe('storage paths', () => {
  it('accepts nested relative paths', () => {
    expect(() => assertStoragePath('waivers/PF-7K3Q9X/0b7e.pdf')).not.toThrow();
  });
  it.each(['../etc/passwd', '/abs/path', 'a/../../b', 'a//b', '', 'a/b c', 'waivers/.hidden'])('refuses %j', (p) => {
    expect(() => assertStoragePath(p)).toThrow();
  });
});

describe('local disk storage', () => {
  it('gives back exactly the bytes and content type it was given, and null for a missing file', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    roots.push(root);
    const store = localFileStorage(root);
    const bytes = new Uint8Array([37, 80, 68, 70, 0, 255]);
    await store.put('waivers/PF-ABCDEF/one.pdf', bytes, 'application/pdf');
    expect(await store.get('waivers/PF-ABCDEF/one.pdf')).toEqual({ bytes, contentType: 'application/pdf' });
    expect(await store.get('waivers/PF-ABCDEF/two.pdf')).toBeNull();
  });
});

describe('which store holds the files', () => {
  it('is Supabase Storage whenever it is configured, on Netlify or not', () => {
    expect(fileStorageKind({ supabaseConfigured: true, onNetlify: true })).toBe('supabase-storage');
    expect(fileStorageKind({ supabaseConfigured: true, onNetlify: false })).toBe('supabase-storage');
  });
  it('is the local disk outside Netlify', () => {
    expect(fileStorageKind({ supabaseConfigured: false, onNetlify: runningOnNetlify({}, {}) })).toBe('local-disk');
  });
  it('is Netlify Blobs in a function Netlify’s bootstrap started, never its read-only disk', () => {
    const bootstrapGlobal = { Netlify: { context: null, env: { get: (key: string) => process.env[key] } } };
    expect(fileStorageKind({ supabaseConfigured: false, onNetlify: runningOnNetlify(bootstrapGlobal, { LAMBDA_TASK_ROOT: '/var/task' }) })).toBe('netlify-blobs');
  });
  it('is the local disk under Netlify’s local tooling (npm start, astro dev), which sets NETLIFY_LOCAL', () => {
    const toolingGlobal = { Netlify: { context: null, env: { get: (key: string) => process.env[key] } } };
    expect(fileStorageKind({ supabaseConfigured: false, onNetlify: runningOnNetlify(toolingGlobal, { LAMBDA_TASK_ROOT: '/var/task', NETLIFY_LOCAL: 'true' }) })).toBe('local-disk');
  });
});
