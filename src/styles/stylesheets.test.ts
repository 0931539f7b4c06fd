import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { describe, expect, it } from 'vitest';
import { classSelectors } from '../../tests/support/css-classes';
import { localImportsOf, projectSources, type SourceFile } from '../../tests/support/source-imports';

/**
 * The two entry stylesheets: site.css for the public pages, admin.css for the staff's. Tailwind
 * writes CSS only for classes in the files a stylesheet's @source lines name, so a page whose
 * components are outside those files would be drawn without their styles. These follow each page's
 * imports and hold that every file it draws with is one its stylesheet scans, and that every class
 * in them is in that stylesheet (the build's own check is tests/e2e/build-output.spec.ts).
 */
const SITE_CSS = 'src/styles/site.css';
const ADMIN_CSS = 'src/styles/admin.css';

/** Staff pages: the admin (with the crew's day screen) and the toast test page; every other page is public. */
const isStaffPage = (file: string) => file.startsWith('src/pages/admin/') || file === 'src/pages/toast-testing.astro';

const toProjectPath = (file: string) => path.relative(process.cwd(), file).split(path.sep).join('/');

interface Stylesheet {
  /** The files Tailwind reads for it, relative to the project, as the build reads them. */
  scanned: Set<string>;
  /** Its CSS for the classes it finds there. */
  css: string;
}

/** One entry stylesheet compiled as the build compiles it (src/ as its own @source lines name it). */
async function stylesheet(file: string): Promise<Stylesheet> {
  const base = path.resolve(path.dirname(file));
  const compiler = await compile(await readFile(file, 'utf8'), { base, onDependency: () => {} });
  // As @tailwindcss/vite: the import's source(…) (none here) and then the @source lines.
  const root = compiler.root === 'none' ? [] : [{ ...(compiler.root ?? { base: process.cwd(), pattern: '**/*' }), negated: false }];
  const scanner = new Scanner({ sources: [...root, ...compiler.sources] });
  const candidates = scanner.scan();
  return { scanned: new Set(scanner.files.map(toProjectPath)), css: compiler.build(candidates) };
}

/** What a stylesheet's CSS would be for these classes alone. */
async function cssFor(file: string, candidates: string[]): Promise<string> {
  const compiler = await compile(await readFile(file, 'utf8'), { base: path.resolve(path.dirname(file)), onDependency: () => {} });
  return compiler.build(candidates);
}

/** Each file the pages import, directly or through others, with the page that brings it first. */
async function importedBy(pages: string[], files: SourceFile[]): Promise<Map<string, string>> {
  const known = new Set(files.map((f) => f.file));
  const byName = new Map(files.map((f) => [f.file, f]));
  const reached = new Map(pages.map((page) => [page, page]));
  const queue = [...pages];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of await localImportsOf(byName.get(file)!, known)) {
      if (reached.has(next)) continue;
      reached.set(next, reached.get(file)!);
      queue.push(next);
    }
  }
  return reached;
}

/** `file (page)` for each file the pages draw with that the stylesheet does not read. */
async function unscannedFiles(pages: string[], files: SourceFile[], scanned: Set<string>): Promise<string[]> {
  return [...(await importedBy(pages, files))].filter(([file]) => !scanned.has(file)).map(([file, page]) => `${file} (${page})`);
}

/** Each class in the pages' files that Tailwind makes a rule for (in the all-of-src stylesheet) and the stylesheet lacks. */
async function missingClasses(pages: string[], files: SourceFile[], css: string): Promise<string[]> {
  const byName = new Map(files.map((f) => [f.file, f]));
  const scanner = new Scanner({});
  const candidates = new Set<string>();
  for (const file of (await importedBy(pages, files)).keys()) {
    for (const candidate of scanner.scanFiles([{ content: byName.get(file)!.source, extension: path.extname(file).slice(1) }])) candidates.add(candidate);
  }
  const has = classSelectors(css);
  return [...classSelectors(await cssFor(ADMIN_CSS, [...candidates]))].filter((name) => !has.has(name)).sort();
}

describe('the public and the staff stylesheets', { timeout: 120_000 }, () => {
  it('every file a public page draws with is one the public stylesheet reads, and every class in them is in it', async () => {
    const files = await projectSources('src');
    const publicPages = files.map((f) => f.file).filter((file) => file.startsWith('src/pages/') && !isStaffPage(file));
    expect(publicPages).toContain('src/pages/checkout.astro');
    const site = await stylesheet(SITE_CSS);
    expect(await unscannedFiles(publicPages, files, site.scanned)).toEqual([]);
    expect(await missingClasses(publicPages, files, site.css)).toEqual([]);
  });

  it('every file a staff page draws with is one the staff stylesheet reads, and every class in them is in it', async () => {
    const files = await projectSources('src');
    const staffPages = files.map((f) => f.file).filter(isStaffPage);
    expect(staffPages).toContain('src/pages/admin/day.astro');
    const admin = await stylesheet(ADMIN_CSS);
    expect(await unscannedFiles(staffPages, files, admin.scanned)).toEqual([]);
    expect(await missingClasses(staffPages, files, admin.css)).toEqual([]);
  });

  it('the public stylesheet leaves out classes only the admin uses, and the admin’s has every public one', async () => {
    const site = classSelectors((await stylesheet(SITE_CSS)).css);
    const admin = classSelectors((await stylesheet(ADMIN_CSS)).css);
    // The admin's phone menu (src/layouts/AdminMenuEntry.astro) and its tables' rows as blocks on phones.
    for (const adminOnly of ['aria-[current=page]:bg-brand-100', 'max-sm:block']) {
      expect(admin).toContain(adminOnly);
      expect(site).not.toContain(adminOnly);
    }
    expect([...site].filter((name) => !admin.has(name))).toEqual([]);
  });
});

describe('the checks catch what they are for (planted)', () => {
  const page = (file: string, source: string): SourceFile => ({ file, source });
  const files = [
    page('src/pages/index.astro', "---\nimport Layout from '../layouts/BaseLayout.astro';\nimport Table from '../islands/admin/shared/DataTable';\n---\n<Layout><Table /></Layout>"),
    page('src/layouts/BaseLayout.astro', '---\n---\n<body class="bg-white"><slot /></body>'),
    page('src/islands/admin/shared/DataTable.tsx', "export default function DataTable() { return <table className='max-sm:block rotate-180' />; }"),
  ];

  it('names a file a page imports that the stylesheet does not read, and the page', async () => {
    const scanned = new Set(['src/pages/index.astro', 'src/layouts/BaseLayout.astro']);
    expect(await unscannedFiles(['src/pages/index.astro'], files, scanned)).toEqual(['src/islands/admin/shared/DataTable.tsx (src/pages/index.astro)']);
  });

  it('names the classes a page’s files use that the stylesheet lacks', async () => {
    const css = await cssFor(ADMIN_CSS, ['bg-white', 'rotate-180']);
    expect(await missingClasses(['src/pages/index.astro'], files, css)).toEqual(['max-sm:block']);
  });
});
