/**
 * Each template as its text and placeholder names, alternating ('Renta de {noun} en {town}' → ['Renta de ',
 * 'noun', ' en ', 'town', '']): a build fills the same few hundred messages on every one of 20,000 pages, and
 * a regular expression with a callback each time cost five to ten times this. Bounded, for a template that
 * is not one of the catalog's.
 */
const compiled = new Map<string, string[]>();

function partsOf(template: string): string[] {
  let parts = compiled.get(template);
  if (parts === undefined) {
    parts = template.split(/\{(\w+)\}/);
    if (compiled.size >= 1000) compiled.clear();
    compiled.set(template, parts);
  }
  return parts;
}

/**
 * '{town}' style placeholders filled from values: interpolate('Renta de {noun} en {town}', { noun, town }).
 * A placeholder without a value is a mistake in the caller: it throws rather than print braces on a page.
 */
export function interpolate(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  const parts = partsOf(template);
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = values[parts[i]!];
    if (value === undefined) throw new Error(`No value for {${parts[i]}} in "${template}"`);
    const text = String(value);
    const after = parts[i + 1]!;
    filled += text + (after.startsWith('.') && fullStopAfter(text) === '' ? after.slice(1) : after);
  }
  return filled;
}

/**
 * The full stop a sentence ending with `text` needs: none when the text already ends in one. Spanish
 * writes times "4:00 p.m.", so "{when}." printed "4:00 p.m.." (interpolate applies this itself; a
 * sentence built another way asks here).
 */
export const fullStopAfter = (text: string): '' | '.' => (text.endsWith('.') ? '' : '.');

/** The placeholders a message uses, for the check that both languages' messages take the same ones. */
export const placeholdersOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** One or many: the message for 1, and the one for any other count (both English and Spanish have just these). */
export interface PluralForms {
  one: string;
  other: string;
}
/** The form for `count`, filled; `values` fills its other placeholders ('{count} disponibles para el {when}.'). */
export const pluralOf = (count: number, forms: PluralForms, values: Readonly<Record<string, string | number>> = {}): string =>
  interpolate(count === 1 ? forms.one : forms.other, { ...values, count });
