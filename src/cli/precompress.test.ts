import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressBuildFiles, readPrecompressed } from './precompress';

async function builtSite(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, '_astro'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

describe('precompressBuildFiles', () => {
  it('writes a Brotli copy beside each script and style sheet of the build, once', async () => {
    const script = 'export const greeting = "hello";\n'.repeat(200);
    const dir = await builtSite({ '_astro/page.B1x.js': script, '_astro/site.C2y.css': 'body{margin:0}', '_astro/photo.D3z.webp': 'binary', 'index.html': '<p>home</p>' });
    expect(await precompressBuildFiles(dir)).toBe(2);
    expect((await readdir(path.join(dir, '_astro'))).sort()).toEqual(['page.B1x.js', 'page.B1x.js.br', 'photo.D3z.webp', 'site.C2y.css', 'site.C2y.css.br']);
    expect(brotliDecompressSync(await readFile(path.join(dir, '_astro/page.B1x.js.br'))).toString()).toBe(script);
    // A second run (npm start with SKIP_BUILD=1) has nothing left to do.
    expect(await precompressBuildFiles(dir)).toBe(0);
  });

  it('does nothing for a folder without a build', async () => {
    expect(await precompressBuildFiles(await mkdtemp(path.join(os.tmpdir(), 'precompress-')))).toBe(0);
  });
});

describe('readPrecompressed', () => {
  it('gives the copy of a build file and nothing for any other path', async () => {
    const dir = await builtSite({ '_astro/page.B1x.js': 'let a = 1;', 'secret.js': 'no' });
    await precompressBuildFiles(dir);
    await writeFile(path.join(dir, 'secret.js.br'), 'no');
    expect(brotliDecompressSync((await readPrecompressed(dir, '/_astro/page.B1x.js'))!).toString()).toBe('let a = 1;');
    expect(await readPrecompressed(dir, '/secret.js')).toBeNull();
    expect(await readPrecompressed(dir, '/_astro/../secret.js')).toBeNull();
    expect(await readPrecompressed(dir, '/_astro/missing.js')).toBeNull();
    expect(await readPrecompressed(dir, '/_astro/page.B1x.js.br')).toBeNull();
  });
});
