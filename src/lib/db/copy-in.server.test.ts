import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { COPY_CHECKED_WITH_POSTGRES, COPY_INTERNALS_CHANGED, copyQuery } from './copy-in.server';

// Its exports hide package.json from require.resolve: read from the project's node_modules.
const installed = (JSON.parse(readFileSync(new URL('../../../node_modules/postgres/package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('the postgres.js internal that COPY relies on', () => {
  it('is the one checked: an upgrade of postgres.js must look again before this passes', () => {
    expect(
      installed,
      `copy-in.server.ts reaches into postgres.js (a query's own reject) because a refused COPY FROM STDIN never settles its stream ` +
        `(porsager/postgres#1173). Checked with ${COPY_CHECKED_WITH_POSTGRES}; now ${installed}. If the new version ends the stream with ` +
        `the server's error (#1183), copyIn can drop the wrapper; else check Query's reject is still what the connection calls, ` +
        `then set COPY_CHECKED_WITH_POSTGRES. tests/integration/backup-restore.test.ts loads a refused row.`,
    ).toBe(COPY_CHECKED_WITH_POSTGRES);
  });

  it('is there on a query of the installed postgres.js (made, never run: no database is needed)', async () => {
    const sql = postgres('postgres://nobody@127.0.0.1:9/none', { max: 1 });
    try {
      const query = sql.unsafe('copy nothing from stdin');
      expect(() => copyQuery(query)).not.toThrow();
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it('refuses at once, saying so, when a query lacks it, rather than leaving a refused load waiting for ever', () => {
    const withoutIt = { writable: async () => undefined };
    expect(() => copyQuery(withoutIt)).toThrow(COPY_INTERNALS_CHANGED);
    // A reject inherited from somewhere else is not the query's own (the one the connection calls).
    expect(() => copyQuery(Object.create({ reject: () => undefined, writable: async () => undefined }))).toThrow(COPY_INTERNALS_CHANGED);
    expect(() => copyQuery(null)).toThrow(COPY_INTERNALS_CHANGED);
  });
});
