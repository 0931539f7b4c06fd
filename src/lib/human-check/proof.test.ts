import { describe, expect, it } from 'vitest';
import { challengeUsable, decodeProof, encodeProof, humanCheckMessages, proofExpiresAt, type HumanCheckChallenge } from './proof';

const challenge: HumanCheckChallenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'ab'.repeat(16),
    salt: 'cd'.repeat(16),
    cost: 5000,
    keyLength: 32,
    keyPrefix: 'ef'.repeat(16),
    keySignature: '01'.repeat(32),
    expiresAt: 1_900_000_000,
  },
  signature: '23'.repeat(32),
};
const solution = { counter: 712, derivedKey: 'ef'.repeat(32), time: 803.4 };

describe('the human check proof', () => {
  it('travels as ALTCHA’s payload, base64 of {challenge, solution}, and reads back the same', () => {
    const value = encodeProof(challenge, solution);
    expect(JSON.parse(atob(value))).toEqual({ challenge, solution });
    expect(decodeProof(value)).toEqual({ ok: true, proof: { challenge, solution } });
  });

  it('keeps parameters it does not name, so the signature judges the challenge as it was issued', () => {
    const withData = { ...challenge, parameters: { ...challenge.parameters, data: { form: 'contact' } } };
    const decoded = decodeProof(encodeProof(withData, solution));
    expect(decoded.ok && decoded.proof.challenge.parameters).toEqual(withData.parameters);
  });

  it('is missing when the field is absent or empty', () => {
    for (const value of [undefined, null, '']) expect(decodeProof(value)).toEqual({ ok: false, problem: 'missing' });
  });

  it('is unreadable, never a throw, for anything that is not a well-formed proof', () => {
    const noExpiry = { ...challenge, parameters: { ...challenge.parameters, expiresAt: undefined } };
    const otherAlgorithm = { ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } };
    const values: unknown[] = [
      42,
      { challenge, solution },
      'not base64 ✓',
      btoa('{"challenge":'),
      btoa('null'),
      btoa(JSON.stringify({ challenge })),
      encodeProof(noExpiry as never, solution),
      encodeProof(otherAlgorithm as never, solution),
      encodeProof(challenge, { ...solution, counter: -1 }),
      encodeProof(challenge, { ...solution, derivedKey: 'XYZ' }),
      encodeProof({ ...challenge, parameters: { ...challenge.parameters, nonce: 'abc' } }, solution),
      'A'.repeat(4_001),
    ];
    for (const value of values) expect(decodeProof(value)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('expires at the challenge’s own expiry, with a margin the form can ask for', () => {
    expect(proofExpiresAt(challenge)).toEqual(new Date(1_900_000_000_000));
    expect(challengeUsable(challenge, new Date(1_899_999_999_000))).toBe(true);
    expect(challengeUsable(challenge, new Date(1_900_000_000_000))).toBe(false);
    expect(challengeUsable(challenge, new Date(1_899_999_950_000), 60)).toBe(false);
  });

  it('tells the visitor what to do for every reason it refuses', () => {
    for (const message of Object.values(humanCheckMessages)) expect(message).toMatch(/Please (wait|reload|send)/);
  });
});
