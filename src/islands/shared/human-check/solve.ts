import { solveChallenge, solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { encodeProof } from '../../../lib/human-check';
import { publicApi } from '../../../lib/paths';

export interface SolvedProof {
  /** The `humanCheck` field's value. */
  proof: string;
  /** Seconds since the epoch: the server refuses the proof from then on. */
  expiresAt: number;
}

export class HumanCheckUnavailable extends Error {
  constructor(readonly reason: 'offline' | 'busy' | 'unsolved') {
    super(reason);
  }
}

/**
 * Asks the site for a challenge and solves it off the main thread. Loaded only when a visitor starts
 * filling in a form (a dynamic import), so no page pays for it before. Falls back to solving on the
 * main thread, in short slices, where a module worker cannot start.
 */
export async function fetchAndSolve(): Promise<SolvedProof> {
  let response: Response;
  try {
    response = await fetch(publicApi.humanCheck, { headers: { accept: 'application/json' } });
  } catch {
    throw new HumanCheckUnavailable('offline');
  }
  if (!response.ok) throw new HumanCheckUnavailable(response.status === 429 ? 'busy' : 'offline');
  const challenge = (await response.json()) as Challenge;
  let solution;
  try {
    solution = await solveChallengeWorkers({
      challenge,
      concurrency: Math.min(4, navigator.hardwareConcurrency || 2),
      createWorker: () => new Worker(new URL('./proof-solver.worker.ts', import.meta.url), { type: 'module' }),
    });
  } catch {
    solution = await solveChallenge({ challenge, deriveKey });
  }
  if (!solution) throw new HumanCheckUnavailable('unsolved');
  return { proof: encodeProof(challenge, solution), expiresAt: challenge.parameters.expiresAt! };
}
