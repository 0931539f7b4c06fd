import { useState } from 'react';
import type { ApiError } from '../../shared/api';
import { FormAlert } from '../../shared/form-kit';
import { secondaryButtonClass } from './ui';

/**
 * A change made from a card (a status move, a mark at a stop), whose answer does not carry what the
 * card shows, so the screen reads it again. Until it comes back changed the card still shows it as it
 * was: `waiting` (buttons off) while the read is out, `made` (that change is not offered again: it
 * went through, and a second tap would send it twice) until it comes back changed, and `problem` when
 * the read failed (no signal): the buttons are on again and `readAgain` tries once more.
 * `same(shown, before)` says whether what is shown is still from before the change.
 */
export function useChangeReadBack<S, C>(
  shown: S,
  read: () => Promise<ApiError | null>,
  same: (shown: S, before: S) => boolean = Object.is,
) {
  const [change, setChange] = useState<{ before: S; made: C; problem: string | null } | null>(null);
  const stale = change !== null && same(shown, change.before) ? change : null;
  const readBack = async (made: C) => {
    setChange({ before: shown, made, problem: null });
    const problem = await read();
    if (problem) setChange({ before: shown, made, problem: problem.message });
  };
  return {
    waiting: stale !== null && stale.problem === null,
    made: stale?.made ?? null,
    problem: stale?.problem ?? null,
    /** After a change went through: read again, and remember it until it shows. */
    changed: (made: C) => void readBack(made),
    readAgain: () => stale && void readBack(stale.made),
  };
}

/** What the card says when the read after its change failed: the change went through, and what is shown is from before it. */
export function ReadAgainAlert({
  done,
  what,
  problem,
  onReadAgain,
}: {
  done: string;
  what: 'booking' | 'day';
  problem: string;
  onReadAgain(): void;
}) {
  return (
    <FormAlert
      title={`${done} The ${what} could not be read again`}
      message={`${problem} What is shown here is from before the change.`}
    >
      <button type="button" className={`mt-2 ${secondaryButtonClass}`} onClick={onReadAgain}>
        Read the {what} again
      </button>
    </FormAlert>
  );
}
