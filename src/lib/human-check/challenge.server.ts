import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_LIFETIME_SECONDS, challengeUsable, HUMAN_CHECK_WORK, type HumanCheckProof, type HumanCheckWork } from './proof';

/**
 * Two HMAC keys from the one secret: one signs the challenge's parameters, the other the key the
 * solver must find (ALTCHA's deterministic mode), so a proof is checked with two HMACs and no
 * key derivation on the server.
 */
function keys(secret: string) {
  return {
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: createHmac('sha256', secret).update('human-check: derived key signature').digest('hex'),
  };
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
