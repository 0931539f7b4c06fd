/**
 * The `{ id, label }` list a select, a row of tabs or a list of steps shows, written as a record of
 * each id's words in the order shown: one line per choice that reads as "id: what people see", and
 * the list keeps the ids' literal types for a `z.enum` or an `Id` type. (Ids are words, never
 * integer-like keys, which a record would reorder.)
 */
export function labelledOptions<const Labels extends Record<string, string>>(labels: Labels): LabelledOption<Labels>[] {
  return Object.entries(labels).map(([id, label]) => ({ id, label })) as LabelledOption<Labels>[];
}

type LabelledOption<Labels extends Record<string, string>> = { [Id in keyof Labels & string]: { id: Id; label: Labels[Id] } }[keyof Labels & string];
