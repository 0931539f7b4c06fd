/** A select's options for a fixed list of values (statuses, roles, kinds), each shown by its label. */
export function LabelledOptions<T extends string>({ values, labels }: { values: readonly T[]; labels: Record<T, string> }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}
