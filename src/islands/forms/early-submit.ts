/**
 * A customer form's send made before its island could answer it (src/scripts/form-directive.ts, the
 * `client:form` directive): the page's script stops the browser's own send and marks the form; the island
 * sends it once it is in charge. Names shared by the directive and the island, and the island's half.
 * What was typed before is kept: react-hook-form takes a field edited before it registered as it is.
 */

/** On the form once its island answers a send itself: the directive lets sends through from then on. */
export const FORM_READY_ATTRIBUTE = 'data-form-ready';
/** On the form while a send made before that waits for the island. */
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held';

/**
 * Called by the island once its form is on the page and its own effects have run: the form answers sends
 * from now on, and a send held before is made now.
 */
export function takeOverSends(form: HTMLFormElement): void {
  form.setAttribute(FORM_READY_ATTRIBUTE, '');
  if (!form.hasAttribute(SUBMIT_HELD_ATTRIBUTE)) return;
  form.removeAttribute(SUBMIT_HELD_ATTRIBUTE);
  form.requestSubmit();
}
