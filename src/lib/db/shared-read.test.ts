import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('sharedRead', () => {
  it('runs one read for identical questions asked while it is in flight', async () => {
    const read = sharedRead<object, number>();
    const db = {};
    const pending = deferred<number>();
    let reads = 0;
    const load = () => (reads++, pending.promise);
    const answers = [read(db, 'a', load), read(db, 'a', load), read(db, 'a', load)];
    pending.resolve(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
    expect(reads).toBe(1);
  });

  it('reads again once the earlier read has settled: nothing is cached', async () => {
    const read = sharedRead<object, number>();
    const db = {};
    let value = 1;
    expect(await read(db, 'a', async () => value)).toBe(1);
    value = 2;
    expect(await read(db, 'a', async () => value)).toBe(2);
  });

  it('keeps different keys and different databases apart', async () => {
    const read = sharedRead<object, string>();
    const one = {};
    const two = {};
    const pending = deferred<string>();
    const first = read(one, 'a', () => pending.promise);
    expect(await read(one, 'b', async () => 'b')).toBe('b');
    expect(await read(two, 'a', async () => 'other database')).toBe('other database');
    pending.resolve('a');
    expect(await first).toBe('a');
  });

  it('shares a failure with the callers that waited, then tries afresh', async () => {
    const read = sharedRead<object, number>();
    const db = {};
    const pending = deferred<number>();
    const both = [read(db, 'a', () => pending.promise), read(db, 'a', () => pending.promise)];
    pending.reject(new Error('database down'));
    for (const answer of both) await expect(answer).rejects.toThrow('database down');
    expect(await read(db, 'a', async () => 3)).toBe(3);
  });
});
