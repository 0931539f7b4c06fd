import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_LIFETIME_SECONDS, challengeUsable, HUMAN_CHECK_WORK, type HumanCheckProof, type HumanCheckWork } from './proof';

/**
 * Two HMAC keys from the one secret: one signs the challenge's parameters, the other the key the
 * solver must find (ALTCHA's deterministic mode), so a proof is checked with two HMACs and no
 * key derivation on the server. Derived once per secret, not on every proof.
 */
let lastKeys: { secret: string; keys: { hmacSignatureSecret: string; hmacKeySignatureSecret: string } } | undefined;
function keys(secret: string) {
  if (lastKeys?.secret !== secret) {
    lastKeys = {
      secret,
      keys: {
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: createHmac('sha256', secret).update('human-check: derived key signature').digest('hex'),
      },
    };
  }
  return lastKeys.keys;
}

/** A signed challenge good for CHALLENGE_LIFETIME_SECONDS from `now`, asking for `work`. */
export async function createHumanCheckChallenge(secret: string, now: Date, work: HumanCheckWork = HUMAN_CHECK_WORK): Promise<Challenge> {
  return createChallenge({
    algorithm: HUMAN_CHECK_WORK.algorithm,
    cost: work.cost,
    counter: randomInt(work.counterMin, work.counterMax + 1),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000),
    ...keys(secret),
  });
}

export type ProofVerdict = 'passed' | 'expired' | 'failed';

/**
 * Whether a decoded proof is one of ours (signature), still good at `now`, and solved (the key
 * matches). Not whether it was used before: that is the spent-proofs table's job.
 */
export async function checkProof(secret: string, proof: HumanCheckProof, now: Date): Promise<ProofVerdict> {
  if (!challengeUsable(proof.challenge, now)) return 'expired';
  if (proof.challenge.parameters.keySignature !== undefined) return checkSignedKey(secret, proof);
  try {
    // The schemas' optional keys are absent, never undefined: the library's types, as they are.
    const result = await verifySolution({ challenge: proof.challenge as Challenge, solution: proof.solution as Solution, deriveKey, ...keys(secret) });
    if (result.verified) return 'passed';
    return result.expired ? 'expired' : 'failed';
  } catch {
    // The library throws on parameters no challenge of ours has (an odd-length hex, say).
    return 'failed';
  }
}

/**
 * altcha-lib's verifySolution for a challenge with a key signature (every one this server issues),
 * step for step (its expiry by the clock, the parameters' signature over their sorted-key JSON, then
 * the found key's signature), with node:crypto's HMAC: the library's WebCrypto HMAC imports a key and
 * signs on the thread pool, twice per proof, about 0.25 ms of CPU against 0.03 ms here (measured with
 * 5,000 proofs). The proof's schema has already checked what the library checks of the solution
 * (lowercase hex key, an unsigned 32-bit counter). A challenge without a key signature goes to the
 * library, which derives the key.
 */
function checkSignedKey(secret: string, { challenge, solution }: HumanCheckProof): ProofVerdict {
  if (challenge.parameters.expiresAt < Date.now() / 1000) return 'expired';
  const { hmacSignatureSecret, hmacKeySignatureSecret } = keys(secret);
  const signature = createHmac('sha256', hmacSignatureSecret).update(JSON.stringify(sortKeys(challenge.parameters))).digest('hex');
  if (!sameText(challenge.signature, signature)) return 'failed';
  const keySignature = createHmac('sha256', hmacKeySignatureSecret).update(Buffer.from(solution.derivedKey, 'hex')).digest('hex');
  return sameText(challenge.parameters.keySignature!, keySignature) ? 'passed' : 'failed';
}

/** altcha-lib's canonical form: keys sorted at every level of objects (arrays kept), undefined values left out. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .flatMap((key) => (object[key] === undefined ? [] : [[key, sortKeys(object[key])]])),
  );
}

/** Equal strings, compared in constant time for strings of one length. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
