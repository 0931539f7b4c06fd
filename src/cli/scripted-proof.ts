import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { encodeProof, HUMAN_CHECK_FIELD, type HumanCheckWork } from '../lib/human-check';
import { createHumanCheckChallenge } from '../lib/human-check/index.server';
import { publicApi } from '../lib/paths';

/**
 * Real proofs for tests, the bench and the e2e suite's API helpers: a challenge signed with the
 * server's secret and solved with altcha-lib, as a browser solves the site's own. The work is light
 * (the parameters are signed, so the server accepts any work it signed); the browser tests solve
 * the site's real challenges at full work.
 */

/** POSTs to these paths must carry a proof (src/lib/human-check). */
export const HUMAN_CHECKED_PATHS: readonly string[] = [publicApi.bookings, publicApi.quotes, publicApi.contact, publicApi.productSuggestions, publicApi.cakeOrders, publicApi.waivers];

export const LIGHT_WORK: HumanCheckWork = { cost: 10, counterMin: 1, counterMax: 30 };

export const isHumanChecked = (method: string, path: string) => method.toUpperCase() === 'POST' && HUMAN_CHECKED_PATHS.includes(path.split('?')[0]!);

/** A freshly solved proof, signed with `secret` (the integration suite's is in vitest.config.ts). */
export async function solvedProof({ secret = process.env.HUMAN_CHECK_SECRET, issuedAt = new Date(), work = LIGHT_WORK }: { secret?: string | undefined; issuedAt?: Date; work?: HumanCheckWork } = {}): Promise<string> {
  if (!secret) throw new Error('HUMAN_CHECK_SECRET is not set for the tests (vitest.config.ts sets it for the integration suites)');
  const challenge = await createHumanCheckChallenge(secret, issuedAt, work);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('altcha-lib found no solution for a test challenge');
  return encodeProof(challenge, solution);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `body` with a fresh proof when it has no `humanCheck` field: an object gets the field; JSON text of
 * an object gets it written in front of its other fields, the rest of the text left byte for byte.
 * Anything else (an array, malformed JSON) is left as it is.
 */
export async function withProof<T>(body: T, secret?: string): Promise<T> {
  if (isPlainObject(body)) return HUMAN_CHECK_FIELD in body ? body : ({ [HUMAN_CHECK_FIELD]: await solvedProof({ secret }), ...body } as T);
  if (typeof body === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return body;
    }
    if (!isPlainObject(parsed) || HUMAN_CHECK_FIELD in parsed) return body;
    const open = body.indexOf('{');
    const rest = body.slice(open + 1);
    const field = `${JSON.stringify(HUMAN_CHECK_FIELD)}:${JSON.stringify(await solvedProof({ secret }))}`;
    return `${body.slice(0, open + 1)}${field}${Object.keys(parsed).length ? ',' : ''}${rest}` as T;
  }
  return body;
}
