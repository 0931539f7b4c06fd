import type { ReactNode } from 'react';
import { TextField } from '../../shared/form-kit';
import type { SlugFields } from './slug';

/** A catalog record's first two fields: its name, and its web address name (which follows the name until edited). */
export function NameAndSlugFields({
  formId,
  fields,
  errors,
  nameMaxLength,
  slugHint,
}: {
  formId: string;
  fields: SlugFields;
  errors: { name?: { message?: string | undefined } | undefined; slug?: { message?: string | undefined } | undefined };
  nameMaxLength: number;
  slugHint: ReactNode;
}) {
  return (
    <>
      <TextField formId={formId} {...fields.name} label="Name" maxLength={nameMaxLength} error={errors.name?.message} />
      <TextField formId={formId} {...fields.slug} label="Web address name" hint={slugHint} maxLength={80} error={errors.slug?.message} />
    </>
  );
}
