import { z } from '../validation';

/**
 * The human check's proof as it travels: ALTCHA's payload (proof-of-work v2), the base64 of
 * `{ challenge, solution }` JSON, in the request field `humanCheck`. Browser-safe: the forms build
 * it, the functions read it. Verifying the signature and the work is server-only (challenge.server.ts).
 */

/** The request field (JSON body, or multipart form field) that carries the proof. */
export const HUMAN_CHECK_FIELD = 'humanCheck';

/**
 * The work a challenge asks for. PBKDF2-SHA-256 is native in every browser's WebCrypto and in Node.
 * In deterministic mode the server picks a counter in [counterMin, counterMax] and the solver must
 * try every counter up to it, each one `cost` PBKDF2 iterations: 500–1000 × 5,000 iterations is
 * about 1.5 ms × 750 ≈ 1 s of one desktop core (measured in Chromium on this project's machines),
 * less with the solver's several workers, a few seconds on an old phone, while the visitor is still
 * typing. Verifying costs the server one HMAC. A script pays the same second of CPU per request.
 */
export const HUMAN_CHECK_WORK = { algorithm: 'PBKDF2/SHA-256', cost: 5_000, counterMin: 500, counterMax: 1_000 } as const;
export type HumanCheckWork = { cost: number; counterMin: number; counterMax: number };

/** A challenge is good for this long after it is issued; a proof is accepted once, within it. */
export const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

/** Why a proof was refused, each with what the visitor is told (beside the form's send button). */
export type HumanCheckProblem = 'missing' | 'unreadable' | 'failed' | 'expired' | 'used';
export const humanCheckMessages: Record<HumanCheckProblem, string> = {
  missing: 'The check that you are a person has not finished. Please wait a moment and send the form again.',
  unreadable: 'The check that you are a person could not be read. Please reload the page and send the form again.',
  failed: 'The check that you are a person did not pass. Please reload the page and send the form again.',
  expired: 'The check that you are a person has expired. Please send the form again.',
  used: 'This check that you are a person was already used. Please send the form again.',
};

const hex = (max: number) => z.string().max(max).regex(/^(?:[0-9a-f]{2})+$/);

/**
 * The challenge as altcha-lib's createChallenge returns it. Its parameters are signed as a whole,
 * so keys this schema does not name are kept (loose) for the signature check to judge.
 */
export const humanCheckChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.literal(HUMAN_CHECK_WORK.algorithm),
    nonce: hex(128),
    salt: hex(128),
    cost: z.number().int().min(1).max(1_000_000),
    keyLength: z.number().int().min(1).max(64),
    keyPrefix: z.string().min(1).max(128).regex(/^[0-9a-f]+$/),
    keySignature: hex(128).optional(),
    // Required here although optional in ALTCHA: a challenge without an expiry would be good forever.
    expiresAt: z.number().int().positive(),
  }),
  signature: hex(256).min(32),
});
export type HumanCheckChallenge = z.infer<typeof humanCheckChallenge>;

export const humanCheckSolution = z.object({
  counter: z.number().int().min(0).max(0xffffffff),
  derivedKey: hex(128),
  time: z.number().optional(),
});
export type HumanCheckSolution = z.infer<typeof humanCheckSolution>;

const payload = z.object({ challenge: humanCheckChallenge, solution: humanCheckSolution });
export type HumanCheckProof = z.infer<typeof payload>;

/** Far above a real payload (about 700 characters), far below anything costly to decode. */
const MAX_PROOF_LENGTH = 4_000;

/** The field's value as the forms send it. */
export function encodeProof(challenge: { parameters: object; signature?: string }, solution: { counter: number; derivedKey: string }): string {
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Reads a `humanCheck` value; anything that is not a well-formed proof is a problem, never a throw. */
export function decodeProof(value: unknown): { ok: true; proof: HumanCheckProof } | { ok: false; problem: 'missing' | 'unreadable' } {
  if (value === undefined || value === null || value === '') return { ok: false, problem: 'missing' };
  if (typeof value !== 'string' || value.length > MAX_PROOF_LENGTH) return { ok: false, problem: 'unreadable' };
  let json: unknown;
  try {
    json = JSON.parse(atob(value));
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const parsed = payload.safeParse(json);
  return parsed.success ? { ok: true, proof: parsed.data } : { ok: false, problem: 'unreadable' };
}

/** When the challenge stops being accepted. */
export const proofExpiresAt = (challenge: Pick<HumanCheckChallenge, 'parameters'>): Date => new Date(challenge.parameters.expiresAt * 1000);

/** Whether a challenge is still good at `now` with `marginSeconds` to spare (time to send the form). */
export function challengeUsable(challenge: Pick<HumanCheckChallenge, 'parameters'>, now: Date, marginSeconds = 0): boolean {
  return proofExpiresAt(challenge).getTime() - marginSeconds * 1000 > now.getTime();
}
