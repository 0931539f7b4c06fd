import { useEffect, useState } from 'react';

/*
 * A field's error appears when the field is left, and a press on the next control is what leaves it:
 * the press blurs the field, the error opens above the control and pushes it down before the press is
 * released, and the release (with its click) lands on whatever moved under it: the tap is lost (the
 * checkout's terms box after notes that were too long). So an error that appears during a press is
 * shown once the press has ended and its click has been delivered.
 */

let pressed = false;
let listening = false;
const waiting = new Set<() => void>();

/** Shows the held errors in the next task: a release and its click are handled in one, so the click has reached its control by then. */
function showHeldSoon() {
  setTimeout(() => {
    if (pressed) return;
    const due = [...waiting];
    waiting.clear();
    for (const show of due) show();
  });
}

function pressEnded() {
  pressed = false;
  showHeldSoon();
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('pointerdown', () => void (pressed = true), true);
  // Every way a press can end, so an error is never held for good (a drag, the window losing focus).
  for (const end of ['pointerup', 'pointercancel', 'click', 'dragend'] as const)
    window.addEventListener(end, pressEnded, true);
  window.addEventListener('blur', pressEnded);
}

/**
 * The error to show now: `error`, except that one appearing while a press is under way waits until the
 * press has ended. An error already showing changes or goes at once (it moves nothing that a press aims at).
 */
export function useErrorAfterPress(error: string | undefined): string | undefined {
  const [shown, setShown] = useState(error);
  const held = error !== undefined && shown === undefined && pressed;
  if (!held && shown !== error) setShown(error);
  useEffect(() => {
    listen();
    if (!held) return;
    const show = () => setShown(error);
    waiting.add(show);
    // The press may have ended between the render and this effect.
    if (!pressed) showHeldSoon();
    return () => void waiting.delete(show);
  }, [held, error]);
  return held ? undefined : error;
}
