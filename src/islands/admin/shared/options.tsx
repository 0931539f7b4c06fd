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

/** A select's options for records picked by their id (categories, products, trucks), each shown as `label` says. */
export function RecordOptions<T extends { id: string }>({ records, label }: { records: readonly T[] | undefined; label(record: T): string }) {
  return (
    <>
      {records?.map((record) => (
        <option key={record.id} value={record.id}>
          {label(record)}
        </option>
      ))}
    </>
  );
}
