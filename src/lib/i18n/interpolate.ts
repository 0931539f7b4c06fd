/**
 * '{town}' style placeholders filled from values: interpolate('Renta de {noun} en {town}', { noun, town }).
 * A placeholder without a value is a mistake in the caller: it throws rather than print braces on a page.
 */
export function interpolate(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in "${template}"`);
    return String(value);
  });
}

/** The placeholders a message uses, for the check that both languages' messages take the same ones. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** One or many: the message for 1, and the one for any other count (both English and Spanish have just these). */
export interface PluralForms {
  one: string;
  other: string;
}
export const pluralOf = (count: number, forms: PluralForms): string => interpolate(count === 1 ? forms.one : forms.other, { count });
