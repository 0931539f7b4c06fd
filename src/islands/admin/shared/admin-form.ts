import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Path, Resolver, UseFormReturn, UseFormSetError } from 'react-hook-form';
import type { z } from '../../../lib/validation';
import { parseDollars } from '../../../lib/money';
import type { ApiError } from '../../shared/api';
import { releaseUnsavedChanges, useUnsavedChanges } from './unsaved-changes';

/** Problems found while turning typed text into the API's values, by field path. */
export type TextProblems = Record<string, string>;

export const NUMBER_MESSAGE = 'Enter a number';
export const DOLLARS_MESSAGE = 'Enter an amount in dollars, e.g. 125.00';

/**
 * Reading what staff typed. Empty is null where the field may be empty and NaN where it may not (so
 * the API's schema says what is missing, in its words); text that is not a number or an amount is
 * a problem noted under the field's path, and NaN.
 */
export function textReader(problems: TextProblems) {
  const read = (
    path: string,
    text: string,
    optional: boolean,
    parse: (t: string) => number | null,
    message: string,
  ): number | null => {
    if (text.trim() === '') return optional ? null : Number.NaN;
    const value = parse(text.trim());
    if (value === null) {
      problems[path] = message;
      return Number.NaN;
    }
    return value;
  };
  const number = (t: string) => (Number.isFinite(Number(t)) ? Number(t) : null);
  return {
    number: (path: string, text: string) => read(path, text, false, number, NUMBER_MESSAGE) as number,
    optionalNumber: (path: string, text: string) => read(path, text, true, number, NUMBER_MESSAGE),
    dollars: (path: string, text: string) => read(path, text, false, parseDollars, DOLLARS_MESSAGE) as number,
    optionalDollars: (path: string, text: string) => read(path, text, true, parseDollars, DOLLARS_MESSAGE),
  };
}
export type TextReader = ReturnType<typeof textReader>;

/**
 * react-hook-form's resolver for an admin form. The form holds what staff typed (numbers and amounts
 * stay text, so a half-typed "12." is not lost); `toInput` turns it into the API's body, noting what
 * is not a number or an amount (`read` notes it; a rule of the form's own writes to `problems`), and
 * the API's own zod schema (the one the function parses with) checks the rest. Every problem shows at once, keyed by the API's field paths, so a 400 from the
 * server lands on the same inputs. Errors are nested for react-hook-form by @hookform/resolvers.
 */
export function apiResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toInput: (values: TValues, read: TextReader, problems: TextProblems) => z.input<TSchema>,
): Resolver<TValues, unknown, z.output<TSchema>> {
  return (values, _context, options) => {
    const problems: TextProblems = {};
    const input = toInput(values, textReader(problems), problems);
    const parsed = schema.safeParse(input);
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(problems)) flat[path] = { type: 'text', message };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.') || 'root';
        flat[path] ??= { type: issue.code, message: issue.message };
      }
    }
    if (Object.keys(flat).length === 0 && parsed.success) return { values: parsed.data, errors: {} };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * Shows a 400's field errors on the form's inputs (the first one focused). Returns the message of
 * what no input shows, for the form's own alert; null when every problem is beside its input.
 */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: ApiError,
  isField: (path: string) => boolean,
): string | null {
  const entries = Object.entries(error.fields ?? {});
  const onForm = entries.filter(([path]) => isField(path));
  onForm.forEach(([path, message], i) =>
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }),
  );
  const elsewhere = entries.find(([path]) => !isField(path));
  if (elsewhere) return elsewhere[1];
  return onForm.length === 0 ? error.message : null;
}

/**
 * Wires an admin form to the unsaved-changes warning, and gives back what a save needs: `saved()`
 * makes the current (or given) values the form's new starting point, so it is clean again;
 * `leave(url)` goes elsewhere after a save without asking; `confirmDiscard()` before a screen drops
 * the form without leaving the page.
 *
 * `command: true` is for the one-shot forms on a booking (record a payment, refund, cancel): they
 * edit no record, their amount is a suggestion to take or change, and leaving the booking with one
 * half-filled loses nothing that was there before, so they do not hold staff back.
 */
export function useAdminForm<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  { command = false }: { command?: boolean } = {},
) {
  const guard = useUnsavedChanges(!command && form.formState.isDirty);
  return {
    saved(values?: T) {
      guard.release();
      form.reset(values ?? form.getValues());
    },
    leave(url: string) {
      releaseUnsavedChanges();
      location.assign(url);
    },
    confirmDiscard: guard.confirmDiscard,
  };
}
