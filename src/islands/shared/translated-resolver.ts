import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { translateError, type ErrorCatalog } from '../../lib/i18n';

/**
 * A form's resolver whose every message comes in the page's language: for a form whose schema words its
 * messages in English and whose parts show them as they are (the waiver's, shared with the crew's
 * English screen). Without a catalog (an English page) the resolver is returned as it is.
 */
export function withTranslatedErrors<V extends FieldValues, C, T extends FieldValues>(resolver: Resolver<V, C, T>, catalog: ErrorCatalog | null | undefined): Resolver<V, C, T> {
  if (!catalog) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return Object.keys(result.errors).length === 0 ? result : { values: {}, errors: translated(result.errors, catalog) as FieldErrors<V> };
  };
}

/** Each `message` in the tree of errors (fields, array rows, their roots) translated; the element refs left alone. */
function translated(errors: unknown, catalog: ErrorCatalog): unknown {
  if (Array.isArray(errors)) return errors.map((e) => translated(e, catalog));
  if (typeof errors !== 'object' || errors === null) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([key, value]) => [
      key,
      key === 'message' && typeof value === 'string' ? translateError(value, catalog) : key === 'ref' ? value : translated(value, catalog),
    ]),
  );
}
