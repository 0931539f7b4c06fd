import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { slugify } from '../../../lib/catalog';

/** The catalog's web address names; kept in src/lib so the CSV import makes the same ones the editor suggests. */
export { slugify };

/** The part of a react-hook-form form with a `name` and a `slug` that the hook below needs. */
interface NameAndSlugForm {
  register(name: 'name' | 'slug', options: { onChange(event: { target: { value: string } }): void }): UseFormRegisterReturn;
  setValue(name: 'slug', value: string, options: { shouldDirty: boolean }): void;
}

/**
 * A new record's web address name follows its name as staff type it, until they edit the address
 * themselves (a saved record keeps its own): the `register` props of the two fields.
 */
export function useSlugFollowingName(form: NameAndSlugForm, saved: boolean) {
  const slugEdited = useRef(saved);
  return {
    name: form.register('name', { onChange: (e) => !slugEdited.current && form.setValue('slug', slugify(e.target.value), { shouldDirty: true }) }),
    slug: form.register('slug', { onChange: () => (slugEdited.current = true) }),
  };
}

export type SlugFields = ReturnType<typeof useSlugFollowingName>;
