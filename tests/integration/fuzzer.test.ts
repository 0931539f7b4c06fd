import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedDatabase, type TestDatabase } from '../support/database';
import { createFuzzer, type FuzzRequest, type Handler } from '../support/fuzz';

/**
 * The fuzzing's own invariant can fail (tests/support/fuzz.ts): a function that writes a row and then
 * refuses the request is caught, whichever connection wrote it, and one that writes only what it
 * accepts passes. The rows are counted on a connection of the fuzzer's own, with a prepared statement.
 */
let db: TestDatabase;
let fuzzer: Awaited<ReturnType<typeof createFuzzer>>;
const requests = fc.constant<FuzzRequest>({ method: 'POST', url: '/api/trucks', headers: {}, body: '{}', mustRefuse: false });
let serial = 0;
const addTruck = () => db.sql`insert into trucks (name, sort_order) values (${`Truck ${++serial}`}, ${serial})`;

beforeAll(async () => {
  db = await createMigratedDatabase();
  fuzzer = await createFuzzer(db);
});
afterAll(async () => {
  await fuzzer.close();
  await db.drop();
});

describe('the fuzzer', () => {
  it('fails a function that writes a row and then answers 400', async () => {
    const writesThenRefuses: Handler = async () => {
      await addTruck();
      return Response.json({ error: { code: 'validation', message: 'No.' } }, { status: 400 });
    };
    // fast-check reports the failing request; the assertion that failed is its cause.
    const failure = await fuzzer.fuzz(writesThenRefuses, requests, 3).then(() => null, (error: Error) => error);
    expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/a refused request wrote rows/);
  });

  it('passes a function that writes only when it accepts', async () => {
    const writesWhenAccepting: Handler = async (req) => {
      if (new URL(req.url).searchParams.has('refuse')) return Response.json({ error: { code: 'validation', message: 'No.' } }, { status: 400 });
      await addTruck();
      return Response.json({ ok: true }, { status: 201 });
    };
    const mixed = fc.boolean().map((refuse): FuzzRequest => ({ method: 'POST', url: `/api/trucks${refuse ? '?refuse' : ''}`, headers: {}, body: '{}', mustRefuse: refuse }));
    const before = (await fuzzer.rowCounts()).trucks!;
    const tally = await fuzzer.fuzz(writesWhenAccepting, mixed, 20);
    expect(tally.sent).toBe(20);
    expect((await fuzzer.rowCounts()).trucks).toBe(before + tally.sent - tally.refused);
  });
});
