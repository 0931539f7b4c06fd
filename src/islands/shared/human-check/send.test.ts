import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api';
import { sendWithHumanCheck } from './send';
import type { HumanCheck } from './use-human-check';

/** A check handing out proof-1, proof-2, …, counting what became of them. */
function fakeCheck(fail = false) {
  let issued = 0;
  const log: string[] = [];
  const check = {
    proof: async () => {
      if (fail) throw new Error('offline');
      return `proof-${++issued}`;
    },
    spent: () => log.push('spent'),
  } as unknown as HumanCheck;
  return { check, log };
}
const ok: ApiResult<{ id: string }> = { ok: true, status: 201, data: { id: 'x' } };
const refused = (fields: Record<string, string>, status = 400): ApiResult<{ id: string }> => ({ ok: false, status, error: { code: 'validation', message: 'No', fields } });

describe('sending a human-checked form', () => {
  it('sends the proof and spends it once the form is accepted', async () => {
    const { check, log } = fakeCheck();
    const sent: string[] = [];
    expect(await sendWithHumanCheck(check, async (proof) => (sent.push(proof), ok))).toBe(ok);
    expect(sent).toEqual(['proof-1']);
    expect(log).toEqual(['spent']);
  });

  it('keeps the proof after a plain field error (the server spends it only after the fields pass)', async () => {
    const { check, log } = fakeCheck();
    const answer = refused({ email: 'Enter a valid e-mail address' });
    expect(await sendWithHumanCheck(check, async () => answer)).toBe(answer);
    expect(log).toEqual([]);
  });

  it('replaces a refused proof and sends once more, then gives the answer as it is', async () => {
    const { check, log } = fakeCheck();
    const sent: string[] = [];
    const answer = await sendWithHumanCheck(check, async (proof) => (sent.push(proof), refused({ humanCheck: 'expired' })));
    expect(sent).toEqual(['proof-1', 'proof-2']);
    expect(log).toEqual(['spent', 'spent']);
    expect(answer.ok).toBe(false);
  });

  it('spends the proof on any other answer (a date just taken, the network gone)', async () => {
    for (const answer of [refused({}, 409), refused({}, 0)]) {
      const { check, log } = fakeCheck();
      await sendWithHumanCheck(check, async () => answer);
      expect(log).toEqual(['spent']);
    }
  });

  it('says so, without sending, when no proof can be had', async () => {
    const { check } = fakeCheck(true);
    let sent = false;
    const answer = await sendWithHumanCheck(check, async () => ((sent = true), ok));
    expect(sent).toBe(false);
    expect(answer).toMatchObject({ ok: false, status: 0, error: { message: expect.stringMatching(/check that you are a person/) } });
  });
});
