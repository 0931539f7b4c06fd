import type { ChangeEvent } from 'react';
import { Checkbox, TextField } from '../../shared/form-kit';
import type { Draft } from './setup-draft';

type TextFieldProps = Parameters<typeof TextField>[0];

/** What a text field of the setup's draft takes, by key: its typed value, its change and its error. */
export function draftFieldProps(
  draft: Draft,
  errors: Record<string, string>,
  set: (key: string, value: Draft[string]) => void,
) {
  return (key: string) => ({ name: key, value: String(draft[key] ?? ''), onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value), error: errors[key] });
}

/** A text field of the setup's draft, by key, for the step forms. */
export function draftTextField(
  draft: Draft,
  errors: Record<string, string>,
  set: (key: string, value: Draft[string]) => void,
) {
  const props = draftFieldProps(draft, errors, set);
  return (key: string, label: string, extra: Partial<TextFieldProps> = {}) => <TextField {...props(key)} label={label} {...extra} />;
}

/** A checkbox of the setup's draft, by key: ticked when the draft holds true, with its change and its error. */
export function draftCheckbox(
  draft: Draft,
  errors: Record<string, string>,
  set: (key: string, value: Draft[string]) => void,
) {
  return (key: string, label: string, hint: string) => (
    <Checkbox name={key} label={label} hint={hint} checked={draft[key] === true} onChange={(e) => set(key, e.target.checked)} error={errors[key]} />
  );
}
