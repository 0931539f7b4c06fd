import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedStylesheets, staffOnlyStylesheets, withoutStaffStylesheets } from './staff-stylesheets';

const page = (...sheets: string[]) =>
  `<!doctype html><html><head><meta charset="utf-8">${sheets.map((s) => `<link rel="stylesheet" href="/${s}">`).join('')}<link rel="icon" href="/favicon.svg"></head><body></body></html>`;

describe('the staff stylesheets left out of the precache list', () => {
  it('reads the stylesheets a page links, and not its other links', () => {
    expect(linkedStylesheets(page('_astro/site.a1.css', '_astro/Prose.b2.css'))).toEqual(['_astro/site.a1.css', '_astro/Prose.b2.css']);
  });

  it('the staff page’s stylesheets the public page does not link', () => {
    expect([...staffOnlyStylesheets(page('_astro/admin.c3.css', '_astro/shared.d4.css'), page('_astro/site.a1.css', '_astro/shared.d4.css'))]).toEqual(['_astro/admin.c3.css']);
  });

  it('drops them from the list, and keeps the public ones, the pages and the icons', async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'precache-'));
    await writeFile(path.join(outDir, 'admin.html'), page('_astro/admin.c3.css'));
    await writeFile(path.join(outDir, 'index.html'), page('_astro/site.a1.css'));
    const entries = ['_astro/admin.c3.css', '_astro/site.a1.css', '_astro/ProductPage.e5.css', 'offline', 'favicon.svg'].map((url) => ({ url, revision: null, size: 1 }));
    const { manifest } = await withoutStaffStylesheets(entries, outDir);
    expect(manifest.map((entry) => entry.url)).toEqual(['_astro/site.a1.css', '_astro/ProductPage.e5.css', 'offline', 'favicon.svg']);
  });
});
