import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionAfter } from '../../src/lib/db/client.server';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

/**
 * transactionAfter (src/lib/db/client.server.ts), the website booking's transaction: its first
 * statement committed on its own whatever follows, and the body's last statement sent with the COMMIT
 * (lastWithCommit). Run directly and through PgBouncer in transaction mode (the drop fails on any
 * warning PgBouncer logged), which must follow a message that ends the transaction it serves.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createEmptyDatabase();
  await db.sql`create table admitted (id int primary key)`;
  // Checked at the COMMIT, as the booking's caps on open unpaid bookings are (check_open_unpaid_caps).
  await db.sql`create table placed (id int primary key, capped boolean not null default false)`;
  await db.sql`
    create function refuse_capped() returns trigger language plpgsql as $$
    begin
      if new.capped then raise exception 'over the cap' using errcode = 'BKL01'; end if;
      return null;
    end $$`;
  await db.sql`create constraint trigger placed_cap after insert on placed deferrable initially deferred for each row execute function refuse_capped()`;
});

afterAll(async () => {
  await db?.drop();
});

const ids = async (table: 'admitted' | 'placed') => (await db.sql<{ id: number }[]>`select id from ${db.sql(table)} order by id`).map((r) => r.id);

describe('transactionAfter', () => {
  it('sends the last statement with the COMMIT: its rows back, everything committed', async () => {
    const rows = await transactionAfter(db.sql, 'insert into admitted values (1) returning id as result', async (tx, first, lastWithCommit) => {
      expect(first).toEqual({ result: 1 });
      await tx`insert into placed (id) values (1)`;
      return lastWithCommit('insert into placed (id) values (2) returning id as result');
    });
    expect(rows).toEqual([{ result: 2 }]);
    expect(await ids('admitted')).toEqual([1]);
    expect(await ids('placed')).toEqual([1, 2]);
  });

  it('a last statement that fails leaves nothing of the body, the first statement stays', async () => {
    await expect(
      transactionAfter(db.sql, 'insert into admitted values (2)', async (tx, _first, lastWithCommit) => {
        await tx`insert into placed (id) values (3)`;
        return lastWithCommit('insert into placed (id) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids('admitted')).toEqual([1, 2]);
    expect(await ids('placed')).toEqual([1, 2]);
  });

  it('a COMMIT refused by a deferred check rejects with its error and leaves nothing of the body', async () => {
    await expect(
      transactionAfter(db.sql, 'insert into admitted values (3)', async (tx, _first, lastWithCommit) => {
        await tx`insert into placed (id) values (4)`;
        return lastWithCommit('insert into placed (id, capped) values (5, true)');
      }),
    ).rejects.toMatchObject({ code: 'BKL01' });
    expect(await ids('admitted')).toEqual([1, 2, 3]);
    expect(await ids('placed')).toEqual([1, 2]);
  });

  it('without lastWithCommit the body commits after it returns; a body that throws rolls back', async () => {
    await transactionAfter(db.sql, 'select 1', async (tx) => {
      await tx`insert into placed (id) values (6)`;
    });
    await expect(
      transactionAfter(db.sql, 'select 1', async (tx) => {
        await tx`insert into placed (id) values (7)`;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await ids('placed')).toEqual([1, 2, 6]);
  });

  it('runs the opening statement in the same message, inside the transaction: its row to the body, rolled back with it', async () => {
    const opened = await transactionAfter(
      db.sql,
      'insert into admitted values (4) returning id as result',
      async (_tx, first, lastWithCommit, opening) => {
        expect(first).toEqual({ result: 4 });
        return { opening, last: await lastWithCommit('select 1 as result') };
      },
      'insert into placed (id) values (8) returning id as result',
    );
    expect(opened).toEqual({ opening: { result: 8 }, last: [{ result: 1 }] });
    // A body that refuses what the first statement answered (a booking's refused admission): the opening's writes go.
    await expect(
      transactionAfter(
        db.sql,
        'insert into admitted values (5) returning id as result',
        async () => {
          throw new Error('not admitted');
        },
        'insert into placed (id) values (9) returning id as result',
      ),
    ).rejects.toThrow('not admitted');
    // An opening that fails: its error, the first statement committed all the same.
    await expect(
      transactionAfter(db.sql, 'insert into admitted values (6) returning id as result', async () => 'never', 'insert into placed (id) values (1) returning id as result'),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids('admitted')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ids('placed')).toEqual([1, 2, 6, 8]);
  });

  it('refuses a second ending, and the connection goes back clean each time', async () => {
    await expect(
      transactionAfter(db.sql, 'select 1', async (_tx, _first, lastWithCommit) => {
        await lastWithCommit('select 1');
        await lastWithCommit('select 2');
      }),
    ).rejects.toThrow('ending already');
    // No connection to this database was left in a transaction, open or aborted.
    const [left] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
    expect(left!.n).toBe(0);
    expect(await ids('placed')).toEqual([1, 2, 6, 8]);
  });
});
