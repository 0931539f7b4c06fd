import { get, type UseFormReturn } from 'react-hook-form';
import type { EditorValues } from '../booking-editor-values';

/** The New booking / Change booking form, as every card of the desk takes it. */
export type DeskForm = UseFormReturn<EditorValues, unknown, unknown>;

/** The message at an API field path ('adjustments.0.value'), where the resolver and a 400 put it. */
export const fieldError = (form: DeskForm, path: string): string | undefined =>
  (get(form.formState.errors, path) as { message?: string } | undefined)?.message;

/** Whether a 400's field path has an input on the desk (the rest goes to the form's alert). */
export const isDeskField = (path: string): boolean =>
  /^(event|items|customer|address|coupon|adjustments|payment|status|date|start|end|site\.|siteOverride)/.test(path);

/**
 * What the bar says beside a total that may be a moment old. While a field is not complete (an end
 * before the start stays so until staff change it) nothing is asked, so the total is said not to be
 * updated, as the Price card says; only a question on its way is "updating".
 */
export const totalNote = (waiting: 'typing' | 'asking' | null): string | null =>
  waiting === 'asking' ? '(updating)' : waiting === 'typing' ? '(not updated)' : null;
