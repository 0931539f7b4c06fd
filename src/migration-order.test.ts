import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Migration names sort in the order the migrations were written (issue #37). A database applies
 * `supabase/migrations` in name order and records each version; a file that arrives after another
 * but sorts before it is applied out of order on a fresh database and, on one that already has the
 * later file, `supabase db push` refuses it ("insert before the last migration", unless told
 * `--include-all`) while `npm run db:migrate` applies it late. So:
 *
 * 1. Every name is `YYYYMMDDHHMMSS_name.sql` with a real UTC time, and no two share a version.
 * 2. Each migration added after ORDERED_SINCE sorts after every migration added before it. "Added"
 *    is the order in which git brought the files onto this line of history: `git log --first-parent`,
 *    a merge counting as the moment its migrations arrived, so a branch whose migration was named
 *    before one that reached main first fails once main is merged into it (rename it to a later
 *    version). Files not committed yet count as added last. Outside a git checkout (a tarball) this
 *    part is skipped, and says so; in a shallow clone the commits it lacks count as one.
 *
 * The migrations up to ORDERED_SINCE were written before this rule and several arrived in another
 * order than their names (20261126100000_staff_bookings before 20261125210000_the_day, …); every
 * database applied them in name order, and renaming a file a database has recorded would make it
 * apply again, so they stay as they are. Some are named hours or days after they were written
 * (ORDERED_SINCE itself is 13:54 on the day it was written at 03:00), so the next migration may have
 * to be named after it rather than at the time of writing: the failure says which version to use.
 */

export const ORDERED_SINCE = '20261202135447_confirmed_web_holds.sql';
const MIGRATIONS_DIR = 'supabase/migrations';
const MIGRATION_FILE = /^(\d{14})_[a-z0-9_]+\.sql$/;

/** A version's time, or null when its 14 digits are no real UTC time. */
function versionTime(version: string): Date | null {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version) ?? [];
  if (y === undefined) return null;
  const time = new Date(Date.UTC(+y, +mo! - 1, +d!, +h!, +mi!, +s!));
  return time.toISOString().replace(/\D/g, '').slice(0, 14) === version ? time : null;
}

const versionOf = (file: string) => file.slice(0, 14);
const asVersion = (time: Date) => time.toISOString().replace(/\D/g, '').slice(0, 14);

/** A version for a migration written now that sorts after `latest`: now in UTC, or a second after `latest`. */
export function nextVersion(latest: string, now: Date): string {
  const after = new Date((versionTime(versionOf(latest))?.getTime() ?? 0) + 1000);
  return asVersion(now > after ? now : after);
}

/** Names that are not `YYYYMMDDHHMMSS_name.sql` with a real time, and versions used twice. */
export function migrationNameProblems(files: string[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const file of [...files].sort()) {
    if (!MIGRATION_FILE.test(file)) {
      problems.push(`${file}: not YYYYMMDDHHMMSS_name.sql (14 digits, then lower-case letters, digits and _)`);
      continue;
    }
    const version = versionOf(file);
    if (versionTime(version) === null) problems.push(`${file}: ${version} is no real UTC date and time`);
    const other = seen.get(version);
    if (other) problems.push(`${file}: its version ${version} is also ${other}'s; a database records one of them`);
    seen.set(version, file);
  }
  return problems;
}

/**
 * The migrations in the order they arrived, oldest first, one group per commit (the files of one
 * commit came together), from `git log --first-parent --reverse --name-only --format=@%H` output:
 * each file counted where it first arrived, only the files there now, and those present but in no
 * commit as a last group.
 */
export function arrivalsFromLog(log: string, present: string[]): string[][] {
  const here = new Set(present);
  const placed = new Set<string>();
  const groups: string[][] = [];
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) groups.push([]);
    else if (line.trim() && groups.length) {
      const file = path.posix.basename(line.trim());
      if (here.has(file) && !placed.has(file)) {
        groups.at(-1)!.push(file);
        placed.add(file);
      }
    }
  }
  const uncommitted = present.filter((file) => !placed.has(file));
  return [...groups, uncommitted].filter((group) => group.length > 0);
}

/** Each migration that arrived after `since` and sorts before one that arrived earlier. */
export function arrivalOrderProblems(arrivals: string[][], since: string, now: Date): string[] {
  const start = arrivals.findIndex((group) => group.includes(since));
  if (start < 0) return [`${since}, where the rule starts, is not among the migrations`];
  const problems: string[] = [];
  let latest = arrivals
    .slice(0, start + 1)
    .flat()
    .reduce((a, b) => (a > b ? a : b));
  for (const group of arrivals.slice(start + 1)) {
    for (const file of [...group].sort()) {
      if (file < latest) {
        problems.push(
          `${file} was added after ${latest} but sorts before it: rename it to ${nextVersion(latest, now)}_${file.slice(15)} ` +
            '(a database that has applied the other would apply it out of order, and supabase db push refuses it)',
        );
      }
    }
    latest = [latest, ...group].reduce((a, b) => (a > b ? a : b));
  }
  return problems;
}

// ---- The project's own migrations.

const root = path.resolve(import.meta.dirname, '..');
const present = readdirSync(path.join(root, MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql'));

/** The project's migrations in the order git brought them onto this branch, or why that cannot be known here. */
function gitArrivals(): string[][] | string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
  try {
    if (git('rev-parse', '--is-inside-work-tree').trim() !== 'true') throw new Error('not a work tree');
  } catch {
    return 'no git, or not a git checkout (a tarball?): the order in which migrations were added is not known here, so it is not checked';
  }
  const log = git(
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--no-renames',
    '--diff-filter=A',
    '--reverse',
    '--name-only',
    '--format=@%H',
    '--',
    MIGRATIONS_DIR,
  );
  return arrivalsFromLog(log, present);
}

describe('migration names sort in the order the migrations were written', () => {
  it('every name is YYYYMMDDHHMMSS_name.sql with a real time, each version once', () => {
    expect(present.length).toBeGreaterThan(30);
    expect(migrationNameProblems(present)).toEqual([]);
  });

  it(`every migration added after ${ORDERED_SINCE} sorts after all those added before it`, (context) => {
    const arrivals = gitArrivals();
    if (typeof arrivals === 'string') {
      context.skip(arrivals);
      return;
    }
    expect(arrivals.flat().sort()).toEqual([...present].sort());
    expect(arrivalOrderProblems(arrivals, ORDERED_SINCE, new Date())).toEqual([]);
  });
});

// ---- The checks catch what they are for (planted examples).

describe('the checks catch what they are for (planted)', () => {
  const now = new Date('2026-12-02T03:00:00Z');

  it('flags a name of another form, a time that is none, and a version used twice', () => {
    expect(
      migrationNameProblems([
        '20261202090000_ok.sql',
        'add_things.sql',
        '2026120209000_short.sql',
        '20261202090000_Upper.sql',
        '20261302000000_month_13.sql',
        '20261131120000_november_31.sql',
        '20261202090000_again.sql',
      ]),
    ).toEqual([
      '20261131120000_november_31.sql: 20261131120000 is no real UTC date and time',
      '20261202090000_Upper.sql: not YYYYMMDDHHMMSS_name.sql (14 digits, then lower-case letters, digits and _)',
      "20261202090000_ok.sql: its version 20261202090000 is also 20261202090000_again.sql's; a database records one of them",
      '2026120209000_short.sql: not YYYYMMDDHHMMSS_name.sql (14 digits, then lower-case letters, digits and _)',
      '20261302000000_month_13.sql: 20261302000000 is no real UTC date and time',
      'add_things.sql: not YYYYMMDDHHMMSS_name.sql (14 digits, then lower-case letters, digits and _)',
    ]);
  });

  it('reads git’s log: one group per commit, first arrival only, files gone left out, uncommitted ones last', () => {
    const log = [
      '@aaa',
      '',
      'supabase/migrations/20260101000000_a.sql',
      '@bbb',
      '',
      'supabase/migrations/20260103000000_c.sql',
      'supabase/migrations/20260102000000_b.sql',
      'supabase/migrations/20260109000000_deleted_since.sql',
      '@ccc',
      '',
      'supabase/migrations/20260101000000_a.sql',
    ].join('\n');
    expect(
      arrivalsFromLog(log, [
        '20260101000000_a.sql',
        '20260102000000_b.sql',
        '20260103000000_c.sql',
        '20260104000000_new.sql',
      ]),
    ).toEqual([['20260101000000_a.sql'], ['20260103000000_c.sql', '20260102000000_b.sql'], ['20260104000000_new.sql']]);
  });

  it('lets the files before the rule and each commit’s own files be in any order; flags a later file that sorts before an earlier one', () => {
    const history = [
      ['20261126100000_staff_bookings.sql'],
      ['20261125210000_the_day.sql'], // before the rule: exempt
      ['20261202135447_confirmed_web_holds.sql'],
      ['20261203090000_two.sql', '20261203080000_one.sql'], // one commit: fine in any order
    ];
    expect(arrivalOrderProblems(history, ORDERED_SINCE, now)).toEqual([]);
    // A branch named its migration before the rule's last one, which reached main first.
    expect(
      arrivalOrderProblems([...history.slice(0, 3), ['20261202135300_booking_prefix.sql']], ORDERED_SINCE, now),
    ).toEqual([
      '20261202135300_booking_prefix.sql was added after 20261202135447_confirmed_web_holds.sql but sorts before it: rename it to 20261202135448_booking_prefix.sql (a database that has applied the other would apply it out of order, and supabase db push refuses it)',
    ]);
    // A file not committed yet, named before one already committed; the version offered is now when now is later.
    expect(
      arrivalOrderProblems([...history, ['20261203085959_late.sql']], ORDERED_SINCE, new Date('2026-12-04T10:00:00Z')),
    ).toEqual([
      '20261203085959_late.sql was added after 20261203090000_two.sql but sorts before it: rename it to 20261204100000_late.sql (a database that has applied the other would apply it out of order, and supabase db push refuses it)',
    ]);
    expect(arrivalOrderProblems([['20260101000000_a.sql']], ORDERED_SINCE, now)).toEqual([
      `${ORDERED_SINCE}, where the rule starts, is not among the migrations`,
    ]);
  });
});
