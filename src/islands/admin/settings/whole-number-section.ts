import type { z } from '../../../lib/validation';
import { apiResolver } from '../shared/admin-form';
import type { Settings } from './use-settings-form';

/**
 * A settings section of whole numbers only (the limits, the change policy): each one typed as text in a
 * field of its own and read back as a number. The form's resolver and its values from the settings.
 */
export function wholeNumberSection<K extends keyof Settings & string, S extends z.ZodType>(schema: S, keys: readonly K[]) {
  type Values = Record<K, string>;
  return {
    resolver: apiResolver(schema, (v: Values, read) => Object.fromEntries(keys.map((key) => [key, read.number(key, v[key])])) as z.input<S>),
    /** The form's values from the settings (as loaded, or as a save returned them). */
    toValues: (initial: Settings): Values => Object.fromEntries(keys.map((key) => [key, String(initial[key])])) as Values,
  };
}
