import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { BusinessSettings } from '../../../lib/business/schema';
import { adminMutate } from '../shared/admin-api';
import { showServerErrors, useAdminForm } from '../shared/admin-form';
import { confirmDiscard } from '../shared/unsaved-changes';

/** What each settings tab starts from: the business settings as the API reads them. */
export type Settings = BusinessSettings;

/** Field paths of a form's values: server errors on them show beside their inputs, the rest in the form's alert. */
const pathsOf = (values: object) => (path: string) => path.split('.')[0]! in values;

/**
 * A section or record form: react-hook-form with the API's schema, the unsaved-changes warning, the
 * save with its toast, and the server's field errors beside the inputs.
 */
export function useSettingsForm<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, defaults: T) {
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (url: string, method: 'PUT' | 'POST', body: unknown, success: string) => {
    setProblem(null);
    const result = await adminMutate(url, method, body, success);
    if (!result.ok) {
      setProblem(showServerErrors(form.setError, result.error, pathsOf(defaults)));
      return false;
    }
    saving.saved();
    return true;
  };
  return { save, problem, confirmDiscard: saving.confirmDiscard };
}

/**
 * The record a list tab has open in its form (a service area, a coupon), or null. Opening another one
 * (or none) drops the open form, so it asks first when that form has unsaved changes; once saved, the
 * form closes and the tab reloads.
 */
export function useRecordEditor<T>(onChange: () => void) {
  const [editing, setEditing] = useState<T | null>(null);
  const edit = (record: T | null) => confirmDiscard() && setEditing(record);
  const done = () => {
    setEditing(null);
    onChange();
  };
  return { editing, edit, done };
}
