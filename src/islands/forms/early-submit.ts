/**
 * A send of a customer form made before its island runs. The form the build rendered is on screen, and
 * takes typing and taps, a second or more before its script has arrived on a phone: a tap on its button
 * then was lost, or the browser sent the form itself (a GET of the page with everything typed in its
 * address). The page's own small script (src/scripts/hold-early-sends.ts, on the pages of the contact,
 * support, quote request and cake order forms) stops that send and marks the form; the island makes it once it is in charge. What was
 * typed meanwhile is kept: react-hook-form takes a field edited before it registered as it is.
 */

/** On a form that takes over a send held before its island ran (CustomerForm renders it). */
export const EARLY_SEND_ATTRIBUTE = 'data-early-send';
/** Set once the island answers sends itself: from then on the page's script leaves them to it. */
export const FORM_READY_ATTRIBUTE = 'data-form-ready';
/** On the form while a send made before that waits for the island. */
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held';

/**
 * The island's half, once its form is on the page and its effects have run: the form answers sends
 * from now on, and a send held before is made now.
 */
export function takeOverSends(form: HTMLFormElement): void {
  form.setAttribute(FORM_READY_ATTRIBUTE, '');
  if (!form.hasAttribute(SUBMIT_HELD_ATTRIBUTE)) return;
  form.removeAttribute(SUBMIT_HELD_ATTRIBUTE);
  form.requestSubmit();
}
