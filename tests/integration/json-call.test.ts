import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLiteral } from '../../src/lib/db/json-call.server';
import { createMigratedDatabase, type TestDatabase } from '../support/database';

/**
 * callJson writes its argument into the statement as a literal (one round trip instead of two through
 * the pooler); the server must read back exactly the JSON sent, and nothing in it may end the literal.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createMigratedDatabase();
});
afterAll(() => db.drop());

const nasty = {
  quote: "O'Brien's 'party'",
  backslashes: 'C:\\temp\\new \\\\ \\u0041 \\x27',
  injection: "'); drop table bookings; --",
  escaped: "\\'); drop table bookings; --",
  dollar: '$$ $tag$ E\'x\'',
  unicode: 'Bánh mì 生日快乐 🎈 \u2028 \u00e9',
  control: 'tab\there\nnew line\r\u0007',
  nested: { list: [1, 'two', null, true, { deep: "it's" }], empty: '' },
};

describe('callJson literals', () => {
  it('read back exactly as sent, with standard_conforming_strings on or off', async () => {
    for (const conforming of ['on', 'off']) {
      const [row] = await db.sql.begin(async (tx) => {
        await tx.unsafe(`set local standard_conforming_strings = ${conforming}`);
        return tx.unsafe<{ value: unknown }[]>(`select ${jsonLiteral(nasty)}::jsonb as value`, [], { prepare: false });
      });
      expect(row!.value).toEqual(nasty);
    }
    // The text holds the dollar quote's own tag: it goes as an escape string instead, read back the same.
    const withTag = { ...nasty, tag: "$j$'); drop table bookings; -- $j$", backslash: '\\$j$\\' };
    expect(jsonLiteral(withTag).startsWith("E'")).toBe(true);
    expect(jsonLiteral(nasty).startsWith('$j$')).toBe(true);
    for (const conforming of ['on', 'off']) {
      const [row] = await db.sql.begin(async (tx) => {
        await tx.unsafe(`set local standard_conforming_strings = ${conforming}`);
        return tx.unsafe<{ value: unknown }[]>(`select ${jsonLiteral(withTag)}::jsonb as value`, [], { prepare: false });
      });
      expect(row!.value).toEqual(withTag);
    }
    const [{ n }] = (await db.sql`select count(*)::int as n from pg_tables where tablename = 'bookings'`) as unknown as [{ n: number }];
    expect(n).toBe(1);
  });
});
