/**
 * The page's half of a send made before a customer form's island runs (the island's half, and why:
 * src/islands/forms/early-submit.ts). A script of the page, so it runs before the island's code has
 * arrived: a send of such a form before its island is ready is stopped and marked on the form.
 *
 * The attribute names are the island's too; they are written out here rather than imported from the
 * island's module, so that the page's script shares no module with the islands (the bundler would
 * then split the customer forms' shared code into files of their own: src/integrations/island-chunks.ts).
 * early-submit.test.ts checks that both say the same.
 */
export const EARLY_SEND_ATTRIBUTE = 'data-early-send';
export const FORM_READY_ATTRIBUTE = 'data-form-ready';
export const SUBMIT_HELD_ATTRIBUTE = 'data-submit-held';

type HeldForm = Pick<Element, 'hasAttribute' | 'setAttribute'>;

/**
 * In the capture phase at the document, so the island's own listener (React's, once loaded) never gets
 * a send it is not ready for; the island makes it once it is.
 */
export function holdEarlySends(page: Pick<EventTarget, 'addEventListener'>): void {
  page.addEventListener(
    'submit',
    (event) => {
      const form = event.target as Partial<HeldForm> | null;
      if (!form?.hasAttribute?.(EARLY_SEND_ATTRIBUTE) || form.hasAttribute(FORM_READY_ATTRIBUTE)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      form.setAttribute!(SUBMIT_HELD_ATTRIBUTE, '');
    },
    { capture: true },
  );
}
