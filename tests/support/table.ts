import { expect, it } from 'vitest';

/**
 * One test per row of a table of inputs and what `fn` makes of each, compared with toBe: for the
 * small pure functions whose cases read best as a list. `title` is formatted as it.each does
 * (`%s`, `%j`: the row's input, then what is expected).
 */
export function itMaps<I, O>(title: string, fn: (input: I) => O, rows: readonly (readonly [I, O])[]): void {
  it.each(rows.map(([input, expected]) => [input, expected] as [I, O]))(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
