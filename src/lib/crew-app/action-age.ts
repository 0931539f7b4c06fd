/**
 * When a move queued on a crew phone was taken, as the server may believe it. The phone's clock can be
 * hours or days off (set by hand, a dead battery, a wrong zone), so the server never takes a time of
 * day from it: it stamps every change with its own clock. What the phone does say, at each send of a
 * queued action, is how long ago the action was taken by its own clock (`Action-Age`, whole seconds):
 * a difference of two readings of one clock, right however far off that clock is. The server counts
 * back from its own now and judges the move's day rules at that moment (a move taken before its day
 * stays refused when it arrives on the day), never later than now.
 *
 * Bounded both ways: an age below zero beyond a little tolerance (the phone's clock went back between
 * taking and sending: the move says it was taken in the future) and one over MAX_ACTION_AGE_HOURS (no
 * knowing when it really was) are refused, with the reason, for the crew member to record the move again.
 * Pure: the phone makes the header, the server reads it.
 */

/** The header a queued action is sent with: seconds since it was taken, by the phone's own clock. */
export const ACTION_AGE_HEADER = 'Action-Age';

/** A phone's clock may be corrected by a few seconds between taking and sending: not a move "in the future". */
export const ACTION_AGE_TOLERANCE_SECONDS = 60;

/** The longest a queued move may have waited on the phone. The phone keeps today's and tomorrow's day only. */
export const MAX_ACTION_AGE_HOURS = 72;

/** The header's value for an action taken at `takenAt`, sent at `now` (both the phone's clock, ms). */
export const actionAge = (takenAt: number, now: number): string => String(Math.round((now - takenAt) / 1000));

export type TakenMoment = { ok: true; at: Date } | { ok: false; problem: string };

/**
 * The moment a move was taken, from its `Action-Age` header (null: sent as it was taken) and the
 * server's own now: now minus the age, never after now.
 */
export function takenMoment(header: string | null, now: Date): TakenMoment {
  if (header === null) return { ok: true, at: now };
  const value = header.trim();
  if (!/^-?\d{1,12}$/.test(value)) return { ok: false, problem: 'Action-Age must be the whole seconds since the action was taken.' };
  const seconds = Number(value);
  if (seconds < -ACTION_AGE_TOLERANCE_SECONDS) {
    return {
      ok: false,
      problem: "This phone's clock says the move was taken after it was sent: the clock was changed in between. Not done: check the phone's date and time, then mark it again.",
    };
  }
  if (seconds > MAX_ACTION_AGE_HOURS * 3600) {
    return { ok: false, problem: `This move waited on the phone for over ${MAX_ACTION_AGE_HOURS} hours: not done. Mark it again if it still holds.` };
  }
  return { ok: true, at: new Date(now.getTime() - Math.max(0, seconds) * 1000) };
}
