import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from '../../lib/validation';
import { newSubmissionId } from '../shared/form-kit';
import { formFields } from '../shared/form-fields';
import { useFormSubmission } from './use-form-submission';

/**
 * A short public form that is sent and then thanked (contact, product suggestions): the form on its
 * schema, its fields bound to the kit, the submission's state (`title` heads what went wrong) and a
 * fresh start with a new submission id for "send another".
 */
export function useSentOnceForm<I extends FieldValues & { submissionId: string }, O>(schema: z.ZodType<O, I>, blank: () => I, fields: readonly string[], title: string) {
  const formId = useId();
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema), defaultValues: blank() as DefaultValues<I> });
  const { send, invalid, ...submission } = useFormSubmission({ setError: form.setError, isField: (path) => fields.includes(path), title });
  const restart = () => form.reset({ ...blank(), submissionId: newSubmissionId() });
  return { formId, form, field: formFields(form, formId), send, invalid, submission, restart };
}
