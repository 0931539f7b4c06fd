import type {
  FieldErrors,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';

// The binding of react-hook-form to the form kit, for the customer forms and the admin's. Not in the kit
// itself: checkout binds its own booking form (no react-hook-form), and keeps loading only what it uses.

/** The message at a dot path of react-hook-form's nested errors ('adults.0.name'), if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let at: unknown = errors;
  for (const key of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[key];
  const message = (at as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** What a kit field takes from its form (see formFields). */
export interface BoundField extends UseFormRegisterReturn {
  formId: string | undefined;
  error: string | undefined;
}

/**
 * Ties a react-hook-form form to the kit's fields: `field('email')` is the field's registration, its
 * error and (given the form's `formId`) its stable id, so each field names only what is its own
 * (label, type, hint), and its name once.
 */
export function formFields<T extends FieldValues>(
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } },
  formId?: string,
) {
  return (name: Path<T>, options?: RegisterOptions<T, Path<T>>): BoundField => ({
    formId,
    ...form.register(name, options),
    error: errorAt(form.formState.errors, name),
  });
}
