import { useCallback, useRef, useState } from 'react';
import type { SolvedProof } from './solve';

export type HumanCheckState = 'idle' | 'checking' | 'ready' | 'error';

/** Time left on a proof for the form to reach the server with it. */
const MARGIN_SECONDS = 60;

/**
 * The human check of one form: nothing happens until the visitor starts filling it in (`start`, on
 * the form's first focus); the proof is then solved in the background, and `proof()` waits for it
 * at send time, solving a new one if it expired meanwhile. After a send the proof is `spent()`.
 */
export function useHumanCheck() {
  const [state, setState] = useState<HumanCheckState>('idle');
  const [problem, setProblem] = useState<'offline' | 'busy' | 'unsolved' | null>(null);
  const pending = useRef<Promise<SolvedProof> | null>(null);

  const solve = useCallback((): Promise<SolvedProof> => {
    setState('checking');
    setProblem(null);
    const solving = import('./solve').then((m) => m.fetchAndSolve());
    pending.current = solving;
    solving.then(
      () => pending.current === solving && setState('ready'),
      (error: { reason?: 'offline' | 'busy' | 'unsolved' }) => {
        if (pending.current !== solving) return;
        pending.current = null;
        setProblem(error.reason ?? 'offline');
        setState('error');
      },
    );
    return solving;
  }, []);

  const start = useCallback(() => {
    if (!pending.current) void solve().catch(() => {});
  }, [solve]);

  const proof = useCallback(async (): Promise<string> => {
    let solved = await (pending.current ?? solve());
    if ((solved.expiresAt - MARGIN_SECONDS) * 1000 <= Date.now()) solved = await solve();
    return solved.proof;
  }, [solve]);

  const spent = useCallback(() => {
    pending.current = null;
    setState('idle');
  }, []);

  return { state, problem, start, proof, spent, retry: start };
}

export type HumanCheck = ReturnType<typeof useHumanCheck>;
