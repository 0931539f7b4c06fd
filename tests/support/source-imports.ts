import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseAstro } from '@astrojs/compiler';
import ts from 'typescript';

/**
 * What the project's source files import, read with the TypeScript and Astro parsers: the
 * architecture rules (src/architecture.test.ts) and the stylesheets' split (src/styles/stylesheets.test.ts)
 * both follow the same imports.
 */

export interface Import {
  specifier: string;
  /** Only types come from it (`import type`, `import { type A }`, `export type … from`): nothing at run time. */
  typeOnly: boolean;
}

/** Every module a TypeScript/TSX source imports or re-exports, static or dynamic. */
export function importsOf(source: string, fileName: string): Import[] {
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
export async function astroScripts(source: string): Promise<string[]> {
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


export interface SourceFile {
  /** Relative to the project, with forward slashes: `src/islands/cart/CartPage.tsx`. */
  file: string;
  source: string;
}


/** The code of a source file that imports: all of a TS file, an Astro component's frontmatter and `<script>`s. */
export async function codeOf({ file, source }: SourceFile): Promise<string[]> {
  if (!file.endsWith('.astro')) return [source];
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
  return [...(frontmatter === undefined ? [] : [frontmatter]), ...(await astroScripts(source))];
}


const RESOLVED_ENDINGS = ['', '.ts', '.tsx', '.astro', '/index.ts', '/index.tsx'];


export async function projectSources(...folders: string[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const folder of folders) {
    for (const entry of await readdir(folder, { recursive: true })) {
      const file = path.posix.join(folder, entry.split(path.sep).join('/'));
      if (/\.(tsx?|astro)$/.test(file)) files.push({ file, source: await readFile(file, 'utf8') });
    }
  }
  return files;
}

/**
 * The project's files a source file imports by a relative path (static, dynamic, re-exports; types
 * too), each found among `known` with the endings the bundler tries; packages are left out.
 */
export async function localImportsOf(sourceFile: SourceFile, known: ReadonlySet<string>): Promise<string[]> {
  const targets = new Set<string>();
  for (const code of await codeOf(sourceFile)) {
    for (const { specifier } of importsOf(code, sourceFile.file)) {
      if (!specifier.startsWith('.')) continue;
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(sourceFile.file), specifier));
      const target = RESOLVED_ENDINGS.map((ending) => base + ending).find((candidate) => known.has(candidate));
      if (target) targets.add(target);
    }
  }
  return [...targets].sort();
}
