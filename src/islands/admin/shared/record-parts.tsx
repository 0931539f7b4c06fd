import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from '../../../lib/validation';
import { FormAlert, TextArea } from '../../shared/form-kit';
import { apiResolver } from './admin-form';
import { CellNote, type Column } from './DataTable';
import { useRecordEditor } from './record-editor';
import { confirmDiscard } from './unsaved-changes';
import { secondaryButtonClass, tableClass, tdClass, thClass } from './ui';
import { formFields } from '../../shared/form-fields';

/**
 * Pieces the list-plus-detail screens (quotes, cake orders, inbox, customers) share on top of the
 * kit: which record is open, the row's open button, the record's facts, its amounts and a staff note.
 */

/** The open record of a list-with-detail screen, first from `?<param>=` (links from elsewhere open one). */
export function useOpenRecord(param: string) {
  const [openId, setOpenId] = useState<string | null>(() => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(param)));
  return {
    openId,
    /** Opens a record unless staff keep the unsaved changes of the one open now. */
    open: (id: string) => id !== openId && confirmDiscard() && setOpenId(id),
    close: () => confirmDiscard() && setOpenId(null),
  };
}

/** The cell that opens a row's record beside the list. */
export function OpenButton({ open, onOpen, children }: { open: boolean; onOpen(): void; children: ReactNode }) {
  return (
    <button type="button" className="text-left font-semibold text-brand-800 underline" aria-pressed={open} onClick={onOpen}>
      {children}
    </button>
  );
}

/**
 * The column that names a record and opens it beside the list: the row's header, sorted by the API,
 * with an optional note under the name.
 */
export function openColumn<T extends { id: string }>(
  column: { key: string; header: string },
  openId: string | null | undefined,
  open: (id: string) => void,
  name: (row: T) => ReactNode,
  note?: (row: T) => ReactNode,
): Column<T> {
  return {
    ...column,
    sort: 'server',
    rowHeader: true,
    cell: (row) => (
      <>
        <OpenButton open={row.id === openId} onOpen={() => open(row.id)}>
          {name(row)}
        </OpenButton>
        {note && <CellNote>{note(row)}</CellNote>}
      </>
    ),
  };
}

/** A record's facts as term and value, side by side. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode] | false | null | undefined)[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(
        (item) =>
          item && (
            <div key={item[0]} className="contents">
              <dt className="font-semibold">{item[0]}</dt>
              <dd className="min-w-0 whitespace-pre-line">{item[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

/** Labelled amounts (price lines, an offer's price), the last row(s) marked `total` in bold. */
export function AmountTable({ label, rows, heading = false }: { label: string; rows: readonly { label: string; amount: string; total?: boolean }[]; heading?: boolean }) {
  return (
    <table className={tableClass} aria-label={label}>
      {heading && (
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Line
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Amount
            </th>
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className={`${tdClass} ${row.total ? 'font-bold' : 'font-normal'}`}>
              {row.label}
            </th>
            <td className={`${tdClass} text-right tabular-nums ${row.total ? 'font-bold' : ''}`}>{row.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The keys of a record that hold text: where its note is. */
type TextKey<R> = { [K in keyof R]: R[K] extends string ? K : never }[keyof R] & string;

export interface NoteFormProps<R> {
  /** The note's key on the record, which is also the API's name for it and the input's (so a 400 lands on it). */
  name: TextKey<R>;
  label: string;
  record: R;
  /** The API's schema for the change (checked before sending). */
  schema: z.ZodType;
  url: string;
  success: string;
  /** The saved record out of the answer (the answer is the record when omitted). */
  pick?(data: unknown, before: R): R;
  onSaved(record: R): void;
  rows?: number;
  maxLength: number;
  submitLabel: string;
  submitClassName?: string;
}

/** One staff note on a record, saved with PATCH; the screen keeps the record the API answers with. */
export function NoteForm<R>({ name, label, record, schema, url, success, pick, onSaved, rows = 3, maxLength, submitLabel, submitClassName = secondaryButtonClass }: NoteFormProps<R>) {
  const toValues = (r: R) => ({ [name]: r[name] as string });
  const form = useForm<Record<string, string>>({ resolver: apiResolver(schema, (v: Record<string, string>) => ({ [name]: v[name] })) as Resolver<Record<string, string>>, defaultValues: toValues(record) });
  const editor = useRecordEditor({ form, toValues, isField: (path) => path === name, onSaved });
  const submit = form.handleSubmit((body) =>
    editor.save<unknown>({ url, method: 'PATCH', body, success, pick: (data) => (pick ? pick(data, record) : (data as R)) }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-2">
      <TextArea {...formFields(form)(name)} label={label} required={false} rows={rows} maxLength={maxLength} />
      {editor.problem && <FormAlert title="Not saved" message={editor.problem} />}
      <button type="submit" className={submitClassName} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
