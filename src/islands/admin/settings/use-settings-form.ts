import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { adminApi } from '../../../lib/paths';
import type { BusinessSettings } from '../../../lib/business';
import { useRecordEditor } from '../shared/record-editor';
import { confirmDiscard } from '../shared/unsaved-changes';
import { formFields } from '../../shared/form-fields';

/** What each settings tab starts from: the business settings as the API reads them. */
export type Settings = BusinessSettings;

export type SettingsSectionName = Parameters<typeof adminApi.settings.section>[0];

/**
 * A section or record form on the kit's record editor: the API's schema, the unsaved-changes warning,
 * the save with its toast, the server's field errors beside the inputs, and after a save the form
 * starts again from what the API kept (`toValues`), which `onSaved` hands to the screen (no reload).
 * Server errors on the form's own fields show beside their inputs, the rest in the form's alert.
 */
export function useSettingsForm<T extends FieldValues, O, R>(
  form: UseFormReturn<T, unknown, O>,
  toValues: (record: R) => T,
  onSaved?: (record: R) => void,
) {
  const editor = useRecordEditor({
    form,
    toValues,
    isField: (path) => path.split('.')[0]! in form.getValues(),
    ...(onSaved && { onSaved }),
  });
  return {
    /** A settings section: PUT /settings/{section}, answered with the section's values as saved. */
    saveSection: async (section: SettingsSectionName, body: unknown, success: string) =>
      (await editor.save<{ values: R }>({
        url: adminApi.settings.section(section),
        method: 'PUT',
        body,
        success,
        pick: (d) => d.values,
      })) !== null,
    /** A record (a service area, a coupon): the API answers with the record. */
    saveRecord: async (url: string, method: 'PUT' | 'POST', body: unknown, success: string) =>
      (await editor.save<R>({ url, method, body, success, pick: (d) => d })) !== null,
    problem: editor.problem,
    confirmDiscard: editor.confirmDiscard,
  };
}

/**
 * The record a list tab has open in its form (a service area, a coupon), or null. Opening another one
 * (or none) drops the open form, so it asks first when that form has unsaved changes; once saved, the
 * form closes.
 */
export function useOpenRecord<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const edit = (record: T | null) => confirmDiscard() && setEditing(record);
  const done = () => setEditing(null);
  return { editing, edit, done };
}

/** A list with a saved record put in (replacing the one with its id, or added), in the list's order. */
export function withRecord<T extends { id: string }>(
  list: readonly T[],
  record: T,
  order: (a: T, b: T) => number,
): T[] {
  return [...list.filter((r) => r.id !== record.id), record].sort(order);
}

/**
 * One settings section's form (its card is `SectionCard`): starts from the settings, checks with the
 * section's resolver, saves with PUT /settings/{section}. Returns the form, its fields bound to the
 * kit (`field('phone')`, see formFields) and the card's `busy`, `problem` and `onSubmit`.
 */
export function useSectionForm<T extends FieldValues, O>({
  section,
  resolver,
  toValues,
  initial,
  onSaved,
  success,
}: {
  section: SettingsSectionName;
  resolver: Resolver<T, unknown, O>;
  toValues(settings: Settings): T;
  initial: Settings;
  onSaved: ((values: Settings) => void) | undefined;
  /** The toast after saving. */
  success: string;
}) {
  const form = useForm<T, unknown, O>({ resolver, defaultValues: toValues(initial) as DefaultValues<T> });
  const { saveSection, problem } = useSettingsForm(form, toValues, onSaved);
  const card = {
    busy: form.formState.isSubmitting,
    problem,
    onSubmit: () => void form.handleSubmit((values) => saveSection(section, values, success))(),
  };
  return { form, field: formFields(form), card };
}
