import { describe, expect, it } from 'vitest';
import { awaitedReads } from './admin-api';

describe('a reload waits for a read started after it was asked for', () => {
  it('an answer of a read already under way resolves nothing; the next read’s answer resolves it', async () => {
    const reads = awaitedReads();
    const before = reads.started();
    let heard: string | null | undefined;
    const reload = reads.next(() => {}).then((problem) => (heard = problem?.code ?? null));
    const after = reads.started();
    reads.came(null, before);
    await Promise.resolve();
    expect(heard).toBeUndefined();
    reads.came({ code: 'network', message: 'No signal' }, after);
    await reload;
    expect(heard).toBe('network');
  });

  it('one answer resolves every reload asked for before its read started, and only once', async () => {
    const reads = awaitedReads();
    const answers: (string | null)[] = [];
    const first = reads.next(() => {}).then((p) => answers.push(p?.code ?? null));
    const second = reads.next(() => {}).then((p) => answers.push(p?.code ?? null));
    const read = reads.started();
    reads.came(null, read);
    reads.came({ code: 'server', message: 'Later' }, read);
    await Promise.all([first, second]);
    expect(answers).toEqual([null, null]);
  });
});
