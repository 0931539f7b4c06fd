import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A reader that records each read's questions and answers when told to. */
function recorder(fits: (batch: number[], ask: number) => boolean = () => true) {
  const reads: { asks: number[]; done: ReturnType<typeof deferred<string>> }[] = [];
  const read = batchedRead<object, number, string>({
    read: (_scope, asks) => {
      const done = deferred<string>();
      reads.push({ asks, done });
      return done.promise;
    },
    fits,
  });
  return { read, reads };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('batchedRead', () => {
  it('starts a lone question’s read at once', () => {
    const { read, reads } = recorder();
    void read({}, 1);
    expect(reads.map((r) => r.asks)).toEqual([[1]]);
  });

  it('sends the questions asked during a read together in the next one, which starts after they were asked', async () => {
    const { read, reads } = recorder();
    const db = {};
    const first = read(db, 1);
    const later = [read(db, 2), read(db, 3), read(db, 2)];
    expect(reads).toHaveLength(1);
    reads[0]!.done.resolve('first read');
    expect(await first).toBe('first read');
    await tick();
    expect(reads.map((r) => r.asks)).toEqual([[1], [2, 3, 2]]);
    reads[1]!.done.resolve('second read');
    expect(await Promise.all(later)).toEqual(['second read', 'second read', 'second read']);
  });

  it('splits questions that do not fit one batch into reads side by side', async () => {
    const { read, reads } = recorder((batch, ask) => batch.every((b) => Math.abs(b - ask) < 10));
    const db = {};
    void read(db, 0);
    void read(db, 1);
    void read(db, 50);
    void read(db, 2);
    reads[0]!.done.resolve('x');
    await tick();
    expect(reads.slice(1).map((r) => r.asks)).toEqual([[1, 2], [50]]);
  });

  it('gives a failure to its own batch only, and reads again afterwards', async () => {
    const { read, reads } = recorder((batch, ask) => batch.every((b) => Math.abs(b - ask) < 10));
    const db = {};
    void read(db, 0);
    const near = read(db, 1);
    const far = read(db, 50);
    reads[0]!.done.resolve('x');
    await tick();
    reads[1]!.done.reject(new Error('database down'));
    reads[2]!.done.resolve('far');
    await expect(near).rejects.toThrow('database down');
    expect(await far).toBe('far');
    const again = read(db, 1);
    reads[3]!.done.resolve('recovered');
    expect(await again).toBe('recovered');
  });

  it('keeps different databases apart', () => {
    const { read, reads } = recorder();
    void read({}, 1);
    void read({}, 2);
    expect(reads.map((r) => r.asks)).toEqual([[1], [2]]);
  });
});
