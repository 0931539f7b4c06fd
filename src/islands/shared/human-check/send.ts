import type { ApiResult } from '../api';
import type { HumanCheck } from './use-human-check';

const UNAVAILABLE = {
  code: 'human_check',
  message: 'We couldn’t check that you are a person: our site did not answer. Check your connection and try again.',
};

/**
 * One send of a human-checked form: waits for the proof, sends, and decides what becomes of the
 * proof. A plain field error leaves it unspent on the server (the check runs before the fields, the
 * proof is spent after them), so the corrected form reuses it; any other answer spends it. A proof
 * the server refused (expired while the page slept, say) is replaced and the form sent once more.
 */
export async function sendWithHumanCheck<T>(check: HumanCheck, request: (proof: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  for (let attempt = 0; ; attempt++) {
    let proof: string;
    try {
      proof = await check.proof();
    } catch {
      return { ok: false, status: 0, error: UNAVAILABLE };
    }
    const result = await request(proof);
    const fields = result.ok ? undefined : result.error.fields;
    const proofRefused = Boolean(fields?.['humanCheck']);
    const fieldErrorOnly = !result.ok && result.status === 400 && fields !== undefined && !proofRefused;
    if (!fieldErrorOnly) check.spent();
    if (proofRefused && attempt === 0) continue;
    return result;
  }
}
