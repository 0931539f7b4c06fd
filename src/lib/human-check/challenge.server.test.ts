import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { checkProof, createHumanCheckChallenge } from './challenge.server';
import { CHALLENGE_LIFETIME_SECONDS, decodeProof, encodeProof, HUMAN_CHECK_WORK, type HumanCheckProof } from './proof';

const SECRET = 'unit-test-human-check-secret-0123456789';
const now = new Date();
// Little work, so the tests are quick; the parameters are signed either way.
const light = { cost: 10, counterMin: 5, counterMax: 40 };

async function solved(secret = SECRET, at = now): Promise<HumanCheckProof> {
  const challenge = await createHumanCheckChallenge(secret, at, light);
  const solution = await solveChallenge({ challenge, deriveKey });
  const decoded = decodeProof(encodeProof(challenge, solution!));
  if (!decoded.ok) throw new Error('could not read back a solved proof');
  return decoded.proof;
}

describe('human check challenges', () => {
  it('asks for the production work by default: PBKDF2, 5,000 iterations, counter 500–1000, expiring in 10 minutes', async () => {
    const { parameters } = await createHumanCheckChallenge(SECRET, now);
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: HUMAN_CHECK_WORK.cost, expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_LIFETIME_SECONDS });
    // Deterministic mode: the key to find is fixed by the server and signed.
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a solved proof of its own', async () => {
    expect(await checkProof(SECRET, await solved(), now)).toBe('passed');
  });

  it('refuses a proof signed with another secret, a tampered challenge and a wrong answer', async () => {
    expect(await checkProof(SECRET, await solved('another-secret-entirely-0123456789abcdef'), now)).toBe('failed');
    const proof = await solved();
    const cheaper = { ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, cost: 1 } } };
    expect(await checkProof(SECRET, cheaper, now)).toBe('failed');
    const later = { ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, expiresAt: proof.challenge.parameters.expiresAt + 3600 } } };
    expect(await checkProof(SECRET, later, now)).toBe('failed');
    const guessed = { ...proof, solution: { counter: proof.solution.counter + 1, derivedKey: proof.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) } };
    expect(await checkProof(SECRET, guessed, now)).toBe('failed');
  });

  it('refuses a proof once its challenge has expired', async () => {
    const issued = new Date(now.getTime() - (CHALLENGE_LIFETIME_SECONDS + 1) * 1000);
    expect(await checkProof(SECRET, await solved(SECRET, issued), now)).toBe('expired');
    const justInTime = new Date(now.getTime() - (CHALLENGE_LIFETIME_SECONDS - 5) * 1000);
    expect(await checkProof(SECRET, await solved(SECRET, justInTime), now)).toBe('passed');
  });

  it('costs the solver about the counter’s worth of work: it must try every counter up to it', async () => {
    const challenge = await createHumanCheckChallenge(SECRET, now, { cost: 10, counterMin: 300, counterMax: 300 });
    expect((await solveChallenge({ challenge, deriveKey }))!.counter).toBe(300);
  });
});
