import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../shared/api';
import { awaitedReads, readForScreen } from './admin-api';

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

describe('a reload of a screen', () => {
  const noSignal: ApiResult<string> = { ok: false, status: 0, error: { code: 'network', message: 'No signal' } };
  it.each([
    // No address (no record to read): nothing is asked, and the reload is answered, not left waiting for good.
    { url: null, answer: noSignal, asked: [], heard: null },
    { url: '/api/admin/things/1', answer: noSignal, asked: ['/api/admin/things/1'], heard: 'network' },
  ])('at $url: resolves with $heard', async ({ url, answer, asked, heard: expected }) => {
    const reads = awaitedReads();
    const urls: string[] = [];
    const shown: ApiResult<string>[] = [];
    let heard: string | null | undefined;
    const ask = async (address: string) => (urls.push(address), answer);
    const reload = reads.next(() => readForScreen<string>(url, reads, ask, (r) => shown.push(r))).then((problem) => (heard = problem?.code ?? null));
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(heard).toBe(expected);
    await reload;
    expect(urls).toEqual(asked);
    expect(shown).toHaveLength(asked.length);
  });
});
