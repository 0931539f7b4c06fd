import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitStatements, sqlFingerprint } from './sql-text';

describe('splitStatements', () => {
  it('splits at semicolons outside quotes, comments and dollar-quoted bodies', () => {
    const sql = `
      -- a comment; not a statement end
      create table a (note text default 'x;y', "odd;name" int);
      /* block; /* nested; */ still comment; */
      insert into a values (E'it\\'s;', 1);
      create function f() returns int language plpgsql as $body$ begin return 1; end $body$;
      do $$ begin perform 1; end $$;
      select $1::int;
      -- trailing comment only`;
    expect(splitStatements(sql)).toEqual([
      `-- a comment; not a statement end\n      create table a (note text default 'x;y', "odd;name" int)`,
      `/* block; /* nested; */ still comment; */\n      insert into a values (E'it\\'s;', 1)`,
      'create function f() returns int language plpgsql as $body$ begin return 1; end $body$',
      'do $$ begin perform 1; end $$',
      'select $1::int',
    ]);
  });

  it('keeps every migration of the project whole: its statements joined give the same fingerprint', async () => {
    const dir = path.resolve(import.meta.dirname, '../../../supabase/migrations');
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql'))) {
      const sql = await readFile(path.join(dir, file), 'utf8');
      const statements = splitStatements(sql);
      expect(statements.length, file).toBeGreaterThan(0);
      expect(sqlFingerprint(statements.join(';\n')), file).toBe(sqlFingerprint(sql));
    }
  });
});

describe('sqlFingerprint', () => {
  it('ignores comments, whitespace and semicolons', () => {
    expect(sqlFingerprint('create table a(id int);\n\n-- note\nselect 1;')).toBe(
      sqlFingerprint('create  table a ( id int ) /* other note */ ; select 1'),
    );
  });

  it('changes with anything that runs, quoted text included', () => {
    const base = sqlFingerprint("create table a (id int default 1, note text default 'a b')");
    expect(sqlFingerprint("create table a (id bigint default 1, note text default 'a b')")).not.toBe(base);
    expect(sqlFingerprint("create table a (id int default 1, note text default 'a  b')")).not.toBe(base);
    expect(sqlFingerprint("create table a (id int default 12, note text default 'a b')")).not.toBe(base);
    expect(sqlFingerprint('select $$ a -- not a comment $$')).toBe('select $$ a -- not a comment $$');
  });
});
