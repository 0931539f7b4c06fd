/** Ids that tie a field's control to its hint and error (aria-describedby), and the error summary to the control. */

/** The id of a form's field, from the form's useId() and the field's path ('items.0.quantity'). */
export const fieldId = (formId: string, name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}
