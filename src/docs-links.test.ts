import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ stay a short front page and pages that hold together (issue #37): the README is
 * at most README_MAX_LINES lines, every relative link in it and in docs/**\/*.md reaches a file that
 * exists (and a `#anchor` a heading of that file, slugged as GitHub slugs it), and every path the
 * README's map of the code (*Where things live*) names exists.
 *
 * The map's paths: in a table, a column whose header names a folder in a code span (`src/islands/`)
 * holds paths under that folder (outside parentheses, which name what is inside); a bare name there is a file of
 * that folder or of a folder named before it in the same cell (`track-order/ManageCard` with
 * `MoveForm`). In the prose, a path starting at a top folder of the repository (`src/`, `tests/`, …)
 * is read from the root, any other path as one in `src/lib/` (one folder per feature there). Code spans
 * holding a placeholder (`<area>`, `{slug}`, `…`), a space or an address (`/admin/content`) are no path.
 */

export const README_MAX_LINES = 300;
const MAP_HEADING = '## Where things live';
const ROOT_FOLDERS = ['src', 'tests', 'netlify', 'supabase', 'bench', 'public', 'docs', '.ci', 'patches'];
/** What a path written without its extension may end with. */
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.astro', '.md', '.mjs'];

/** What the checks need of a file tree: the real one, or a planted one in the tests below. */
export interface Tree {
  exists(file: string): boolean;
  /** The names in a folder; empty when it is none. */
  list(folder: string): string[];
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The text without fenced code blocks (their lines kept, blank) and without inline code spans. */
function withoutCode(markdown: string, keepSpans = false): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      if (fenced) return '';
      return keepSpans ? line : line.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/** GitHub's anchor for a heading: its text as shown, lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link shows its text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*|_)(?=\S)([^*_]*?\S)\1/g, '$2');
  return shown
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file's headings make, a repeated one with -1, -2… as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown, true).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of a Markdown file's links and images (inline and reference definitions), code left out. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  return [...inline, ...definitions];
}

/** `file: target: what is wrong` for every relative link of these Markdown files that leads nowhere. */
export function brokenLinks(files: Record<string, string>, tree: Tree): string[] {
  const problems: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(files[file] ?? (tree.exists(file) ? readMarkdown(file) : '')));
    return anchorsOf.get(file)!;
  };
  for (const [file, markdown] of Object.entries(files)) {
    for (const target of linkTargets(markdown)) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue; // https:, mailto:
      const [rawPath = '', anchor] = target.split('#', 2);
      const linked = rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(rawPath)));
      if (rawPath.startsWith('/')) problems.push(`${file}: ${target}: an absolute link (write it relative to ${file})`);
      else if (linked.startsWith('../')) problems.push(`${file}: ${target}: leads out of the repository`);
      else if (!(linked in files) && !tree.exists(linked)) problems.push(`${file}: ${target}: ${linked} does not exist`);
      else if (anchor !== undefined && linked.endsWith('.md') && !anchors(linked).has(anchor.toLowerCase())) {
        problems.push(`${file}: ${target}: ${linked} has no heading with the anchor #${anchor}`);
      }
    }
  }
  return problems;
}

function readMarkdown(file: string): string {
  return readFileSync(file, 'utf8');
}

/** The lines of the README's map of the code: from its heading to the next heading of its level. */
function mapSection(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.indexOf(MAP_HEADING);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && /^#{1,2} /.test(line));
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

/** The code spans of a text outside any parentheses. */
function spansOutsideParentheses(text: string): string[] {
  let outside = '';
  let depth = 0;
  let inCode = false;
  for (const char of text) {
    if (char === '`') inCode = !inCode;
    else if (!inCode && char === '(') depth++;
    else if (!inCode && char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && !(char === ')' && !inCode)) outside += char;
  }
  return [...outside.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

const isPath = (span: string) => span.includes('/') && !/[\s<>{}…?]/.test(span) && !span.startsWith('/');

/** Whether a path exists as written, or with an extension left out, or (with `*`) matches something in its folder. */
function pathExists(file: string, tree: Tree): boolean {
  const clean = file.replace(/\/$/, '');
  if (clean.includes('*')) {
    const folder = path.posix.dirname(clean);
    const pattern = new RegExp(`^${path.posix.basename(clean).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return tree.list(folder).some((name) => pattern.test(name));
  }
  return EXTENSIONS.some((extension) => tree.exists(clean + extension));
}

/** Every path the README's map names that does not exist, with where it is named. */
export function missingMapPaths(readme: string, tree: Tree): string[] {
  const problems: string[] = [];
  let bases: (string | null)[] | null = null;
  for (const line of mapSection(readme)) {
    if (!line.startsWith('|')) {
      bases = null;
      for (const span of [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter(isPath)) {
        const file = ROOT_FOLDERS.includes(span.split('/')[0]!) ? span : path.posix.join('src/lib', span);
        if (!pathExists(file, tree)) problems.push(`${span} (${file}) does not exist`);
      }
      continue;
    }
    const cells = line.replaceAll('\\|', '\u0000').split('|').slice(1, -1).map((cell) => cell.replaceAll('\u0000', '|'));
    if (bases === null) {
      bases = cells.map((cell) => /`([^`]+\/)…?`/.exec(cell)?.[1] ?? null);
      if (bases.every((base) => base === null)) problems.push(`a table of the map names no folder in its header, so its paths cannot be checked: ${line.trim()}`);
      continue;
    }
    if (cells.every((cell) => /^\s*:?-+:?\s*$/.test(cell))) continue;
    cells.forEach((cell, column) => {
      const base = bases![column];
      if (!base) return;
      const folders = [base];
      for (const span of spansOutsideParentheses(cell)) {
        if (/[\s<>{}…?]/.test(span) || span.startsWith('/')) continue;
        if (span.includes('/')) {
          const file = path.posix.join(base, span);
          if (!pathExists(file, tree)) problems.push(`${cells[0]!.trim()}: ${span} (${file}) does not exist`);
          folders.push(span.endsWith('/') ? file : path.posix.dirname(file));
        } else if (!folders.some((folder) => pathExists(path.posix.join(folder, span), tree))) {
          problems.push(`${cells[0]!.trim()}: ${span} is in none of ${folders.join(', ')}`);
        }
      }
    });
  }
  return problems;
}

// ---- The project's own files.

const realTree: Tree = {
  exists: (file) => existsSync(file),
  list: (folder) => (existsSync(folder) && statSync(folder).isDirectory() ? readdirSync(folder) : []),
};

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

describe('the README and docs/', () => {
  const files = Object.fromEntries(['README.md', ...markdownUnder('docs')].map((file) => [file, readMarkdown(file)]));

  it(`the README is at most ${README_MAX_LINES} lines`, () => {
    expect(lineCount(files['README.md']!)).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('every relative link leads to a file that exists, and every #anchor to a heading of it', () => {
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(brokenLinks(files, realTree)).toEqual([]);
  });

  it('the map of the code names only paths that exist', () => {
    expect(mapSection(files['README.md']!).length, `the README has a section "${MAP_HEADING}"`).toBeGreaterThan(20);
    expect(missingMapPaths(files['README.md']!, realTree)).toEqual([]);
  });
});

// ---- The checks catch what they are for (planted examples).

function plantedTree(paths: string[]): Tree {
  const all = new Set(paths.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  return {
    exists: (file) => all.has(file),
    list: (folder) => [...all].filter((file) => path.posix.dirname(file) === folder).map((file) => path.posix.basename(file)),
  };
}

describe('the checks catch what they are for (planted)', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Deploying (Netlify + Supabase + Stripe)')).toBe('deploying-netlify--supabase--stripe');
    expect(githubSlug('Admin (`/admin`)')).toBe('admin-admin');
    expect(githubSlug('Spending credit (issue #25)')).toBe('spending-credit-issue-25');
    expect(githubSlug('**Bold** and _words_: a [link](x.md)')).toBe('bold-and-words-a-link');
    expect([...headingAnchors('# Notes\n## Notes\n```\n# not a heading\n```\n## Notes')]).toEqual(['notes', 'notes-1', 'notes-2']);
  });

  it('flags a link to a missing file, a missing anchor, an absolute link and one out of the repository; lets good ones through', () => {
    const files = {
      'README.md': [
        '# Front',
        'See [ops](docs/ops.md#deploying-netlify--supabase--stripe), [gone](docs/gone.md), [bad anchor](docs/ops.md#nowhere).',
        '[top](#front), [self bad](#back), [csv](docs/sample.csv), [web](https://example.com/x.md), [abs](/docs/ops.md), [out](../x.md)',
        'In code: `[not a link](nowhere.md)`, and a [`code` text](docs/ops.md).',
        '```',
        '[fenced](nowhere.md)',
        '```',
        '[ref]: docs/missing.md',
      ].join('\n'),
      'docs/ops.md': '# Operations\n## Deploying (Netlify + Supabase + Stripe)\nBack to [the front](../README.md#front).',
    };
    expect(brokenLinks(files, plantedTree(['README.md', 'docs/ops.md', 'docs/sample.csv']))).toEqual([
      'README.md: docs/gone.md: docs/gone.md does not exist',
      'README.md: docs/ops.md#nowhere: docs/ops.md has no heading with the anchor #nowhere',
      'README.md: #back: README.md has no heading with the anchor #back',
      'README.md: /docs/ops.md: an absolute link (write it relative to README.md)',
      'README.md: ../x.md: leads out of the repository',
      'README.md: docs/missing.md: docs/missing.md does not exist',
    ]);
  });

  it('flags a folder of the map named in the wrong place, in a table column and in the prose', () => {
    const readme = [
      '# Site',
      '## Where things live',
      'Pages are `src/pages`, islands `src/islands/<area>`; `pricing/quote.ts` is the price, `src/gone/` is not.',
      '',
      '| Feature | Pages (`src/pages/`) | Islands (`src/islands/`) | Functions (`netlify/functions/`) | `src/lib/…` | Tests |',
      '| --- | --- | --- | --- | --- | --- |',
      '| Bookings | `admin/bookings/` (`{id}`, `new`) | `admin/bookings/*` (`BookingEditor`) | `admin-bookings` | `booking/` (`evaluate-cart.ts`), `booking/place*.ts` | `admin-bookings` |',
      '| Changes | `track-order` | `track-order/ManageCard` with `MoveForm`, and `SavingCard` | `manage-link` | `changes/` | `policy.test` |',
      '## Deploy',
      '`src/not-the-map/` is outside the map.',
    ].join('\n');
    const tree = plantedTree([
      'src/pages/admin/bookings/booking.astro',
      'src/pages/track-order.astro',
      'src/islands/admin/booking/BookingEditor.tsx',
      'src/islands/track-order/ManageCard.tsx',
      'src/islands/track-order/MoveForm.tsx',
      'netlify/functions/admin-bookings.ts',
      'src/lib/booking/place-booking.server.ts',
      'src/lib/pricing/quote.ts',
      'src/lib/changes/policy.ts',
    ]);
    expect(missingMapPaths(readme, tree)).toEqual([
      'src/gone/ (src/gone/) does not exist',
      'Bookings: admin/bookings/* (src/islands/admin/bookings/*) does not exist',
      'Changes: SavingCard is in none of src/islands/, src/islands/track-order',
      'Changes: manage-link is in none of netlify/functions/',
    ]);
  });

  it('flags a table of the map whose header names no folder', () => {
    const readme = '## Where things live\n\n| Feature | Pages |\n| --- | --- |\n| Cart | `cart/` |\n';
    expect(missingMapPaths(readme, plantedTree([]))).toEqual(['a table of the map names no folder in its header, so its paths cannot be checked: | Feature | Pages |']);
  });

  it('counts the README’s lines as wc -l does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount(`${'line\n'.repeat(README_MAX_LINES + 1)}`)).toBeGreaterThan(README_MAX_LINES);
  });
});
