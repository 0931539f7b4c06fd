import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitStatements, sqlPieces } from './lib/db/sql-text';

/**
 * Each SQL function's current definition, readable in one file (issue #37): `supabase/sql-functions/<name>.sql`
 * holds what the latest migration that creates the function creates (its `create [or replace] function`
 * statement, followed by any `alter function` of it in later migrations), and names those migrations
 * in a comment. The migrations stay what the database applies; these files are never run, and this
 * test keeps them true:
 *
 * - a function that migrations create (and no later migration drops) has its file;
 * - a file is named after a function that migrations create;
 * - the file's statements mean what the migrations' do. Compared as PostgreSQL reads them: comments
 *   and whitespace do not count, nor the case of keywords and unquoted names; strings and quoted names
 *   count exactly. The body of a `language sql` or `plpgsql` function (its dollar-quoted text) is
 *   compared the same way, the quoted text inside it exactly; any other body exactly.
 *
 * Not followed: a function created by dynamic SQL (`execute` in a `do` block), and a second function
 * of the same name with other parameters (an overload: one file holds one function, so the check
 * says so rather than guessing). Why a folder of copies rather than files the database applies: see
 * *SQL functions* in docs/decisions.md; how to change a function: docs/operations.md.
 */

export const FUNCTIONS_DIR = 'supabase/sql-functions';
const MIGRATIONS_DIR = 'supabase/migrations';

/** A file's name and text (a migration, or a function's file). */
export interface SqlFile {
  name: string;
  text: string;
}

/** One function as the migrations leave it. */
export interface CurrentFunction {
  name: string;
  /** Its parameter list as read (tokens), to tell a replacement from an overload. */
  parameters: string;
  /** The statements that make it what it is: the latest create, then later alters, each with its migration. */
  statements: { migration: string; text: string }[];
}

const LANGUAGES_READ_AS_SQL = new Set(['sql', 'plpgsql']);

/**
 * The words, operators and other symbols of a text of code, lower case (PostgreSQL folds unquoted
 * names and keywords). Operator characters run together as PostgreSQL's lexer reads them (`||`, `<=`).
 */
const codeTokens = (code: string) =>
  (code.match(/[\w$]+|[-+*/<>=~!@#%^&|`?]+|\S/g) ?? []).map((token) => token.toLowerCase());

/**
 * A statement's tokens as PostgreSQL reads them: no comments or whitespace, code in lower case,
 * quoted text exactly. With `bodies`, a dollar-quoted body is read as SQL too (one level: quoted
 * text inside it stays exact), which is right for a `language sql` or `plpgsql` function.
 */
function statementTokens(sql: string, bodies: boolean): string[] {
  const tokens: string[] = [];
  for (const piece of sqlPieces(sql)) {
    if (piece.kind === 'code') tokens.push(...codeTokens(piece.text));
    else if (piece.kind === 'end') tokens.push(';');
    else if (piece.kind === 'quoted') {
      const dollar = /^(\$[^$]*\$)([\s\S]*)\1$/.exec(piece.text);
      if (bodies && dollar) tokens.push('$$', ...statementTokens(dollar[2]!, false), '$$');
      else tokens.push(piece.text);
    }
  }
  return tokens;
}

/** The language a `create function` statement names (`language plpgsql`, `language 'sql'`), lower case. */
function languageOf(tokens: string[]): string | null {
  const at = tokens.indexOf('language');
  const word = at < 0 ? undefined : tokens[at + 1];
  return word === undefined ? null : word.replace(/^'(.*)'$/, '$1').toLowerCase();
}

/** A function's statement as PostgreSQL reads it (see statementTokens). */
export function functionTokens(statement: string): string[] {
  const plain = statementTokens(statement, false);
  const language = languageOf(plain);
  return language === null || LANGUAGES_READ_AS_SQL.has(language) ? statementTokens(statement, true) : plain;
}

/** A name as written (`place_booking`, `public.place_booking`, `"Odd"`) from `tokens[at]` on, and where it ends. */
function readName(tokens: string[], at: number): { name: string; end: number } | null {
  const part = (token: string | undefined) =>
    token === undefined
      ? null
      : (/^"(.*)"$/.exec(token)?.[1]?.replaceAll('""', '"') ?? (/^[a-z_][\w$]*$/.test(token) ? token : null));
  const parts: string[] = [];
  let i = at;
  for (;;) {
    const word = part(tokens[i]);
    if (word === null) return null;
    parts.push(word);
    i++;
    if (tokens[i] !== '.') break;
    i++;
  }
  // Functions live in the public schema unless a statement says otherwise.
  if (parts.length === 2 && parts[0] === 'public') parts.shift();
  return { name: parts.join('.'), end: i };
}

/** The tokens of the parenthesised list that starts at `tokens[at]`, joined, and where it ends. */
function readParenthesised(tokens: string[], at: number): { text: string; end: number } {
  if (tokens[at] !== '(') return { text: '', end: at };
  let depth = 0;
  for (let i = at; i < tokens.length; i++) {
    if (tokens[i] === '(') depth++;
    else if (tokens[i] === ')' && --depth === 0) return { text: tokens.slice(at, i + 1).join(' '), end: i + 1 };
  }
  return { text: tokens.slice(at).join(' '), end: tokens.length };
}

type FunctionStatement =
  | { kind: 'create'; name: string; parameters: string }
  | { kind: 'alter'; name: string; renamed: boolean }
  | { kind: 'drop'; names: string[] };

/** What a statement does to a function, if anything. */
export function readFunctionStatement(statement: string): FunctionStatement | null {
  const tokens = statementTokens(statement, false);
  let i = 0;
  if (tokens[i] === 'create') {
    i++;
    if (tokens[i] === 'or' && tokens[i + 1] === 'replace') i += 2;
    if (tokens[i] !== 'function' && tokens[i] !== 'procedure') return null;
    const name = readName(tokens, i + 1);
    if (!name) return null;
    return { kind: 'create', name: name.name, parameters: readParenthesised(tokens, name.end).text };
  }
  if (tokens[0] === 'alter' && (tokens[1] === 'function' || tokens[1] === 'procedure')) {
    const name = readName(tokens, 2);
    if (!name) return null;
    const rest = tokens.slice(readParenthesised(tokens, name.end).end);
    return { kind: 'alter', name: name.name, renamed: rest[0] === 'rename' };
  }
  if (tokens[0] === 'drop' && (tokens[1] === 'function' || tokens[1] === 'procedure')) {
    i = tokens[2] === 'if' && tokens[3] === 'exists' ? 4 : 2;
    const names: string[] = [];
    for (;;) {
      const name = readName(tokens, i);
      if (!name) break;
      names.push(name.name);
      i = readParenthesised(tokens, name.end).end;
      if (tokens[i] !== ',') break;
      i++;
    }
    return { kind: 'drop', names };
  }
  return null;
}

/** Every function the migrations (in the order they apply) leave, and what this check cannot follow. */
export function currentFunctions(migrations: SqlFile[]): {
  functions: Map<string, CurrentFunction>;
  problems: string[];
} {
  const functions = new Map<string, CurrentFunction>();
  const problems: string[] = [];
  for (const migration of [...migrations].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    for (const text of splitStatements(migration.text)) {
      const statement = readFunctionStatement(text);
      if (statement === null) continue;
      if (statement.kind === 'drop') {
        for (const name of statement.names) functions.delete(name);
        continue;
      }
      const known = functions.get(statement.name);
      if (statement.kind === 'create') {
        if (known && known.parameters !== statement.parameters) {
          problems.push(
            `${migration.name} creates ${statement.name}${statement.parameters} beside ${statement.name}${known.parameters} (${known.statements[0]!.migration}): ` +
              'PostgreSQL keeps both (an overload); drop the old one first or give the new one its own name, so one file holds one function',
          );
        }
        functions.set(statement.name, {
          name: statement.name,
          parameters: statement.parameters,
          statements: [{ migration: migration.name, text }],
        });
      } else if (!known) {
        problems.push(`${migration.name} alters ${statement.name}, which no earlier migration creates`);
      } else if (statement.renamed) {
        problems.push(
          `${migration.name} renames ${statement.name}: this check does not follow renames; create the function under its new name and drop the old one`,
        );
      } else {
        known.statements.push({ migration: migration.name, text });
      }
    }
  }
  return { functions, problems };
}

/** Where two token lists first differ, shown with a few tokens either side. */
function firstDifference(file: string[], migrations: string[]): string {
  let i = 0;
  while (i < file.length && i < migrations.length && file[i] === migrations[i]) i++;
  const around = (tokens: string[]) => {
    const shown = tokens.slice(Math.max(0, i - 6), i + 6).join(' ');
    return shown.length > 240 ? `${shown.slice(0, 240)}…` : shown || '(nothing)';
  };
  return `first at token ${i + 1}: the file has «${around(file)}», the migrations «${around(migrations)}»`;
}

/**
 * What is wrong between the migrations and the functions' files: a function with no file, a file of
 * no function, a file whose statements differ from the migrations', or one that does not name them.
 */
export function functionFileProblems(migrations: SqlFile[], files: SqlFile[]): string[] {
  const { functions, problems } = currentFunctions(migrations);
  const byName = new Map(
    files.filter((file) => file.name.endsWith('.sql')).map((file) => [file.name.replace(/\.sql$/, ''), file]),
  );
  for (const fn of functions.values()) {
    const file = byName.get(fn.name);
    const from = fn.statements.map((s) => s.migration).join(', ');
    if (!file) {
      problems.push(`${fn.name}: no ${FUNCTIONS_DIR}/${fn.name}.sql; copy its definition from ${from}`);
      continue;
    }
    const expected = fn.statements.flatMap((s) => [...functionTokens(s.text), ';']);
    const actual = splitStatements(file.text).flatMap((text) => [...functionTokens(text), ';']);
    if (expected.join(' ') !== actual.join(' ')) {
      problems.push(
        `${fn.name}: ${FUNCTIONS_DIR}/${file.name} is not what ${from} make${fn.statements.length > 1 ? '' : 's'} it (${firstDifference(actual, expected)})`,
      );
    }
    const unnamed = [...new Set(fn.statements.map((s) => s.migration))].filter(
      (migration) => !file.text.includes(migration),
    );
    if (unnamed.length)
      problems.push(
        `${fn.name}: ${FUNCTIONS_DIR}/${file.name} does not name ${unnamed.join(', ')}, where its definition comes from`,
      );
  }
  for (const name of byName.keys()) {
    if (!functions.has(name))
      problems.push(
        `${FUNCTIONS_DIR}/${name}.sql: no migration creates a function ${name} (or a later one drops it); delete the file`,
      );
  }
  return problems;
}

// ---- The project's own files.

const root = path.resolve(import.meta.dirname, '..');
const readFolder = (folder: string): SqlFile[] =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.sql'))
    .map((name) => ({ name, text: readFileSync(path.join(root, folder, name), 'utf8') }));

describe('each SQL function in one file, as the migrations leave it', () => {
  it(`${FUNCTIONS_DIR}/ holds every function the migrations create, each as the latest migration defines it`, () => {
    const migrations = readFolder(MIGRATIONS_DIR);
    expect(currentFunctions(migrations).functions.size).toBeGreaterThan(10);
    expect(functionFileProblems(migrations, readFolder(FUNCTIONS_DIR))).toEqual([]);
  });
});

// ---- The check catches what it is for (planted examples).

const m1 = {
  name: '20260101000000_first.sql',
  text: [
    'create table t (id int);',
    'create function add_one(p int) returns int language sql as $$ select p + 1 $$;',
    'create function shout(p text) returns text language plpgsql as $$',
    'begin',
    "  return upper(p) || '!'; -- loud",
    'end $$;',
    'create function gone() returns int language sql as $$ select 1 $$;',
  ].join('\n'),
};
const m2 = {
  name: '20260102000000_second.sql',
  text: [
    '-- shout says it twice now',
    'create or replace function shout(p text) returns text language plpgsql as $body$',
    'begin',
    "  return upper(p) || '!!';",
    'end $body$;',
    'alter function add_one(int) set search_path = public;',
    'drop function if exists gone();',
    "do $$ begin execute 'create function hidden() returns int language sql as ''select 1'''; end $$;",
  ].join('\n'),
};
const files = (entries: Record<string, string>): SqlFile[] =>
  Object.entries(entries).map(([name, text]) => ({ name, text }));
const addOne = `-- add_one: ${m1.name}, then ${m2.name}\ncreate function add_one(p int) returns int language sql as $$ select p + 1 $$;\nalter function add_one(int) set search_path = public;\n`;
const shout = `-- shout, from ${m2.name}\ncreate or replace function shout(p text) returns text language plpgsql as $body$\nbegin\n  return upper(p) || '!!';\nend $body$;\n`;

describe('the check catches what it is for (planted)', () => {
  it('follows creates, replacements, alters and drops in migration order, whatever order it is given them in', () => {
    const { functions, problems } = currentFunctions([m2, m1]);
    expect(problems).toEqual([]);
    expect([...functions.keys()].sort()).toEqual(['add_one', 'shout']);
    expect(functions.get('shout')!.statements.map((s) => s.migration)).toEqual([m2.name]);
    expect(functions.get('add_one')!.statements.map((s) => s.migration)).toEqual([m1.name, m2.name]);
  });

  it('passes files that match, however they are spaced, cased and commented', () => {
    expect(functionFileProblems([m1, m2], files({ 'add_one.sql': addOne, 'shout.sql': shout }))).toEqual([]);
    const reformatted = `-- from ${m2.name}\nCREATE OR REPLACE FUNCTION Shout(p TEXT)\n  RETURNS text\n  LANGUAGE plpgsql\nAS $$\nBEGIN\n  /* twice */ RETURN UPPER(p)   || '!!';\nEND\n$$;`;
    expect(functionFileProblems([m1, m2], files({ 'add_one.sql': addOne, 'shout.sql': reformatted }))).toEqual([]);
  });

  it('flags a file that is not the latest definition, a missing file, a file of no function and a file that does not name its migration', () => {
    const older = `-- shout, from ${m1.name} and ${m2.name}\ncreate function shout(p text) returns text language plpgsql as $$\nbegin\n  return upper(p) || '!';\nend $$;`;
    expect(
      functionFileProblems([m1, m2], files({ 'shout.sql': older, 'gone.sql': '-- gone', 'notes.txt': 'not SQL' })),
    ).toEqual([
      `add_one: no ${FUNCTIONS_DIR}/add_one.sql; copy its definition from ${m1.name}, ${m2.name}`,
      `shout: ${FUNCTIONS_DIR}/shout.sql is not what ${m2.name} makes it (first at token 2: the file has «create function shout ( p text )», the migrations «create or replace function shout ( p»)`,
      `${FUNCTIONS_DIR}/gone.sql: no migration creates a function gone (or a later one drops it); delete the file`,
    ]);
    expect(
      functionFileProblems(
        [m1, m2],
        files({ 'add_one.sql': addOne, 'shout.sql': shout.replace(m2.name, 'the second migration') }),
      ),
    ).toEqual([`shout: ${FUNCTIONS_DIR}/shout.sql does not name ${m2.name}, where its definition comes from`]);
  });

  it('flags a file without a later alter, and a change inside a string however small', () => {
    const withoutAlter = addOne.replace(/alter function .*\n/, '');
    const problems = functionFileProblems(
      [m1, m2],
      files({ 'add_one.sql': withoutAlter, 'shout.sql': shout.replace("'!!'", "'!! '") }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^add_one: .* is not what .* make it \(first at token 20: the file has «select p \+ 1 \$\$ ;», the migrations «select p \+ 1 \$\$ ; alter function add_one \( int \)»\)$/,
    );
    expect(problems[1]).toContain(
      `(first at token 23: the file has «return upper ( p ) || '!! ' ; end $$ ;», the migrations «return upper ( p ) || '!!' ; end $$ ;»)`,
    );
  });

  it('reads the body of a function in another language exactly', () => {
    const js = {
      name: '20260103000000_js.sql',
      text: 'create function js() returns int language plv8 as $$ return  1 $$;',
    };
    expect(
      functionFileProblems(
        [js],
        files({ 'js.sql': `-- ${js.name}\ncreate function js() returns int language plv8 as $$ return 1 $$;` }),
      ),
    ).toHaveLength(1);
    expect(functionTokens('create function f() returns int language sql as $$ SELECT  1 $$')).toContain('select');
    expect(functionTokens('create function f() returns int language plv8 as $$ SELECT  1 $$')).toContain(
      '$$ SELECT  1 $$',
    );
  });

  it('reads schema-qualified and quoted names, drops of several functions, and flags an overload, an alter of nothing and a rename', () => {
    expect(
      readFunctionStatement('create or replace function public.place_booking(p jsonb) returns json as $$ $$'),
    ).toEqual({ kind: 'create', name: 'place_booking', parameters: '( p jsonb )' });
    expect(readFunctionStatement('CREATE FUNCTION "Odd Name"() RETURNS int AS $$ $$')).toMatchObject({
      name: 'Odd Name',
    });
    expect(readFunctionStatement('drop function if exists a(int), other.b, c() cascade')).toEqual({
      kind: 'drop',
      names: ['a', 'other.b', 'c'],
    });
    expect(readFunctionStatement('create table f (id int)')).toBeNull();
    const overload = {
      name: '20260104000000_overload.sql',
      text: 'create function add_one(p bigint) returns bigint language sql as $$ select p + 1 $$;',
    };
    const strays = {
      name: '20260105000000_strays.sql',
      text: 'alter function nothing() owner to x;\nalter function shout(text) rename to yell;',
    };
    expect(currentFunctions([m1, m2, overload, strays]).problems).toEqual([
      `${overload.name} creates add_one( p bigint ) beside add_one( p int ) (${m1.name}): PostgreSQL keeps both (an overload); drop the old one first or give the new one its own name, so one file holds one function`,
      `${strays.name} alters nothing, which no earlier migration creates`,
      `${strays.name} renames shout: this check does not follow renames; create the function under its new name and drop the old one`,
    ]);
  });
});
