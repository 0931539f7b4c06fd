import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { adminMutate } from './admin-api';
import { showServerErrors, useAdminForm } from './admin-form';

/**
 * A form that POSTs one command (a payment, a refund, a credit) instead of saving a record. `send`
 * clears the last problem, sends, and on a refusal shows it beside the fields `isField` names or as
 * `problem` (for the form's alert); it returns the answer's data once done, null when refused.
 * `confirmDiscard` asks before a cancel throws away what was typed. `sent`: a send went through, and
 * the form's button stays off until the screen closes or renews the form (the booking read again): in
 * between, a second tap recorded the same payment twice.
 */
export function useCommandForm<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, isField: (path: string) => boolean) {
  const saving = useAdminForm(form, { command: true });
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = async <R>(url: string, body: O, success: string | ((data: R) => string)): Promise<{ data: R } | null> => {
    setProblem(null);
    const result = await adminMutate<R>(url, 'POST', body, success);
    if (!result.ok) {
      setProblem(showServerErrors(form.setError, result.error, isField));
      return null;
    }
    saving.saved();
    setSent(true);
    return { data: result.data };
  };
  return { problem, send, sent, confirmDiscard: saving.confirmDiscard };
}
