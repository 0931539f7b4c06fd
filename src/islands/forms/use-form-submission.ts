import { useState } from 'react';
import type { FieldErrors, FieldValues, UseFormSetError } from 'react-hook-form';
import { islandToast } from '../../lib/toast';
import { requestJson, type ApiError } from '../shared/api';
import { flattenErrors } from '../shared/form-kit';
import { sendWithHumanCheck } from '../shared/human-check/send';
import { useHumanCheck } from '../shared/human-check/use-human-check';
import { useOptionalFormWords } from './form-words';

export interface FormProblem {
  title: string;
  message: string;
}

interface Options<T extends FieldValues> {
  /** The form's react-hook-form `setError`: a server message shows beside its input. */
  setError: UseFormSetError<T>;
  /** For fields outside react-hook-form (a file input): return true when handled. */
  ownFieldError?: (name: string, message: string) => boolean;
  /** Whether a field path has an input on the form; other paths go to the form alert. */
  isField: (path: string) => boolean;
  /** Heading of the alert when the server fails for a reason other than the input. */
  title: string;
}

function withProofField(formData: FormData, proof: string): FormData {
  formData.set('humanCheck', proof);
  return formData;
}

/**
 * Sends a form (with the human check's proof) and turns the one API error shape into what the visitor sees: each field's message
 * beside its input (the first one focused), everything else in the form alert plus an error toast.
 */
export function useFormSubmission<T extends FieldValues>({ setError, ownFieldError, isField, title }: Options<T>) {
  const setFieldError = (name: string, message: string, focus: boolean) => {
    // `name` is one of the form's paths: isField let it through.
    if (!ownFieldError?.(name, message)) setError(name as Parameters<UseFormSetError<T>>[0], { type: 'server', message }, { shouldFocus: focus });
  };
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [sending, setSending] = useState(false);
  const humanCheck = useHumanCheck();
  const text = useOptionalFormWords();
  const words = text?.forms;
  // The browser's own messages (offline, the schema's) in the page's language; the server's come translated.
  const err = (message: string) => text?.err(message) ?? message;
  const checkTitle = words?.checkTitle ?? 'Please check the form';

  function showError(status: number, error: ApiError) {
    const entries = Object.entries(error.fields ?? {});
    const onForm = entries.filter(([key]) => isField(key));
    onForm.forEach(([key, message], i) => setFieldError(key, message, i === 0));
    const elsewhere = entries.filter(([key]) => !isField(key));
    if (onForm.length === 0 || elsewhere.length > 0) {
      const heading = status === 429 ? (words?.waitTitle ?? 'Please wait a few minutes') : status === 0 ? (words?.offlineTitle ?? 'You seem to be offline') : status === 400 ? checkTitle : title;
      const message = err(elsewhere[0]?.[1] ?? error.message);
      setProblem({ title: heading, message });
      islandToast.error(heading, message);
    }
  }

  async function send<T>(url: string, body: { json: unknown } | { formData: FormData }): Promise<T | null> {
    setProblem(null);
    setSending(true);
    try {
      const result = await sendWithHumanCheck(humanCheck, (proof) =>
        requestJson<T>(url, { method: 'POST', ...('json' in body ? { json: { ...(body.json as object), humanCheck: proof } } : { body: withProofField(body.formData, proof) }) }),
      );
      if (result.ok) return result.data;
      showError(result.status, result.error);
      return null;
    } finally {
      setSending(false);
    }
  }

  /** For handleSubmit's second argument: problems the browser found that have no input to show them. */
  function invalid(errors: FieldErrors) {
    const hidden = flattenErrors(errors).filter(([path]) => !isField(path));
    setProblem(hidden.length ? { title: checkTitle, message: err(hidden[0]![1]) } : null);
  }

  return { send, sending, problem, invalid, humanCheck };
}

export type FormSubmission = ReturnType<typeof useFormSubmission>;
