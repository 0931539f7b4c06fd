import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Two helpers exist so nothing writes their work by hand (issue #24):
 *
 * - `src/lib/money`: every amount is parsed, rounded and written there. Elsewhere, no `/ 100` or
 *   `* 100` on an amount, no `.toFixed(2)`, no `toLocaleString` or `Intl.NumberFormat` with a currency.
 * - `src/lib/paths`: every page and API address. Elsewhere, no string containing `/admin/` or `/api/`
 *   and none equal to `/admin`.
 *
 * Exceptions, each because the text must stay literal:
 * - tests (they check the addresses and amounts the modules produce);
 * - in `netlify/functions`, the routes a function declares: its `config.path` (Netlify reads it
 *   statically, without running the module) and the same patterns where the function matches them
 *   (a route table keyed by those patterns);
 * - `src/cli/first-owner.ts`: its message names the sign-in page in prose, for a person at a terminal.
 */

interface SourceFile {
  file: string;
  source: string;
}

async function projectSources(...folders: string[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const folder of folders) {
    for (const entry of await readdir(folder, { recursive: true })) {
      const file = path.posix.join(folder, entry.split(path.sep).join('/'));
      if (/\.(tsx?|astro)$/.test(file) && !/\.test\.tsx?$/.test(file)) files.push({ file, source: await readFile(file, 'utf8') });
    }
  }
  return files;
}

/** A file's code as TypeScript: an Astro component's frontmatter, `<script>`s and template expressions are read as one TSX text. */
function parse({ file, source }: SourceFile): ts.SourceFile {
  const text = file.endsWith('.astro') ? source.replace(/^---\r?\n([\s\S]*?)\r?\n---/, (_, code: string) => `${code};\n<>`) + '</>' : source;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX);
}

const ADDRESS = /\/(admin|api)\//;
const isAddress = (text: string) => ADDRESS.test(text) || text === '/admin';
const MONEYISH = /cents|amount|price|total|dollar|balance|deposit|fee|refund|paid|due/i;

/** Strings a function may keep: the paths in its `config` (and so the same patterns where it matches them). */
function declaredRoutes(sf: ts.SourceFile): Set<string> {
  const routes = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'config' && node.initializer) {
      const collect = (n: ts.Node) => {
        if (ts.isStringLiteralLike(n)) routes.add(n.text);
        ts.forEachChild(n, collect);
      };
      collect(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return routes;
}

const LITERAL_EXEMPT = new Set(['src/cli/first-owner.ts']);

/** `file:line: text` for every `/admin/`, `/api/` address written outside src/lib/paths. */
function addressLiterals(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const sourceFile of files) {
    const { file } = sourceFile;
    if (file.startsWith('src/lib/paths/') || LITERAL_EXEMPT.has(file)) continue;
    const sf = parse(sourceFile);
    const allowed = file.startsWith('netlify/functions/') ? declaredRoutes(sf) : new Set<string>();
    const report = (node: ts.Node, text: string) => {
      if (isAddress(text) && !allowed.has(text)) problems.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${text}`);
    };
    const visit = (node: ts.Node) => {
      // Where a module is (`import … from '../islands/admin/…'`) is not an address.
      if (ts.isImportDeclaration(node)) {
        if (node.importClause) visit(node.importClause);
        return;
      }
      if (ts.isExportDeclaration(node)) {
        if (node.exportClause) visit(node.exportClause);
        return;
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
      if (ts.isStringLiteralLike(node)) report(node, node.text);
      else if (ts.isTemplateExpression(node)) report(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('${}'));
      else if (ts.isJsxText(node)) report(node, node.text.trim());
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return problems;
}

/** `file:line: code` for every amount converted or formatted outside src/lib/money. */
function moneyArithmetic(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const sourceFile of files) {
    const { file } = sourceFile;
    if (file.startsWith('src/lib/money/')) continue;
    const sf = parse(sourceFile);
    const report = (node: ts.Node) => problems.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.getText(sf).replace(/\s+/g, ' ')}`);
    const visit = (node: ts.Node) => {
      if (ts.isBinaryExpression(node) && [ts.SyntaxKind.SlashToken, ts.SyntaxKind.AsteriskToken].includes(node.operatorToken.kind)) {
        const [left, right] = [node.left, node.right];
        const hundred = (n: ts.Expression) => ts.isNumericLiteral(n) && Number(n.text) === 100;
        const other = hundred(right) ? left : hundred(left) ? right : null;
        if (other && MONEYISH.test(other.getText(sf))) report(node);
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const name = node.expression.name.text;
        const [first] = node.arguments;
        // A rate in basis points written as a percentage is not an amount.
        if (name === 'toFixed' && first && ts.isNumericLiteral(first) && first.text === '2' && !/bps|percent|rate/i.test(node.expression.expression.getText(sf))) report(node);
        if (name === 'toLocaleString' && node.arguments.some((a) => /currency/.test(a.getText(sf)))) report(node);
      } else if (ts.isNewExpression(node) && /^Intl\.NumberFormat$/.test(node.expression.getText(sf)) && (node.arguments ?? []).some((a) => /currency/.test(a.getText(sf)))) {
        report(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return problems;
}

const FOLDERS = ['src', 'netlify/functions'];

describe('money and addresses come from their modules', { timeout: 120_000 }, () => {
  it('no /admin/ or /api/ address outside src/lib/paths', async () => {
    expect(addressLiterals(await projectSources(...FOLDERS))).toEqual([]);
  });

  it('no amount converted or formatted outside src/lib/money', async () => {
    expect(moneyArithmetic(await projectSources(...FOLDERS))).toEqual([]);
  });
});

describe('the checks catch what they are for (planted in fixtures)', () => {
  const island = (source: string, file = 'src/islands/cart/Fixture.tsx') => [{ file, source }];

  it('flags addresses written by hand, and lets declared routes and the paths module through', () => {
    expect(addressLiterals(island('const a = `/admin/bookings/${id}`;'))).toEqual(['src/islands/cart/Fixture.tsx:1: /admin/bookings/${}']);
    expect(addressLiterals(island(`fetch('/api/prices?products=a');`))).toHaveLength(1);
    expect(addressLiterals(island(`const home = '/admin';`))).toHaveLength(1);
    expect(addressLiterals(island(`<a href="/admin/day">Day</a>`, 'src/pages/fixture.astro'))).toHaveLength(1);
    expect(addressLiterals(island(`---\nconst x = '/api/health';\n---\n<p>{x}</p>`, 'src/pages/fixture.astro'))).toHaveLength(1);
    expect(addressLiterals(island(`export const config = { path: ['/api/admin/x', '/api/admin/x/:id'] };\nconst routes = { '/api/admin/x/:id': 1 };`, 'netlify/functions/fixture.ts'))).toEqual([]);
    expect(addressLiterals(island(`export const config = { path: '/api/x' };\nconst back = '/api/y';`, 'netlify/functions/fixture.ts'))).toHaveLength(1);
    expect(addressLiterals(island(`export const adminApi = '/api/admin';`, 'src/lib/paths/api.ts'))).toEqual([]);
    expect(addressLiterals(island(`const page = '/administration'; const a = 'api/';`))).toEqual([]);
    expect(addressLiterals(island(`import Day from '../../islands/admin/day/DayScreen';\nimport '../admin/x.css';\nconst m = import('../admin/y');`))).toEqual([]);
  });

  it('flags money arithmetic and formatting, and lets the money module and other arithmetic through', () => {
    expect(moneyArithmetic(island('const d = (totalCents / 100).toFixed(2);'))).toHaveLength(2);
    expect(moneyArithmetic(island('const c = Math.round(dollars * 100);'))).toHaveLength(1);
    expect(moneyArithmetic(island(`const s = n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });`))).toHaveLength(1);
    expect(moneyArithmetic(island(`const f = new Intl.NumberFormat('en-US', { style: 'currency', currency });`))).toHaveLength(1);
    expect(moneyArithmetic(island('const d = (totalCents / 100).toFixed(2);', 'src/lib/money/format.ts'))).toEqual([]);
    expect(moneyArithmetic(island('const pct = (done / all) * 100; const n = count.toLocaleString();'))).toEqual([]);
  });
});
