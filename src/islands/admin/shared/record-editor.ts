import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ApiError } from '../../shared/api';
import { adminMutate, useAdminData } from './admin-api';
import { showServerErrors, useAdminForm } from './admin-form';

export interface LoadedRecord<R> {
  record: R | null;
  error: ApiError | null;
  loading: boolean;
  /** Replace the record with the one a change returned (no second request). */
  setRecord(record: R): void;
  /** Fetch again: only for changes whose answer does not carry the record. Resolves as AdminData's reload does. */
  reload(): Promise<ApiError | null>;
}

/**
 * One record from a GET endpoint (`pick` takes it out of the answer, e.g. `(d) => d.product`). A
 * screen shows `record`, and after a change keeps the record the API answered with via `setRecord`.
 */
export function useRecord<R, D = unknown>(url: string | null, pick: (data: D) => R): LoadedRecord<R> {
  const loaded = useAdminData<D>(url);
  const [record, setRecordState] = useState<R | null>(null);
  // `pick` is usually an inline arrow: the answer, not the function, decides when to take it again.
  useEffect(() => setRecordState(loaded.data === null ? null : pick(loaded.data)), [loaded.data]);
  const setRecord = useCallback((next: R) => setRecordState(next), []);
  return { record, error: loaded.error, loading: loaded.loading && record === null, setRecord, reload: loaded.reload };
}

export interface SaveRequest<D, R> {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body: unknown;
  /** The toast after saving. */
  success: string | ((data: D) => string);
  /** The saved record out of the answer, e.g. `(d) => d.product`. */
  pick(data: D): R;
  /** The toast on a refusal, when it would repeat what the fields say (the error's message by default). */
  failure?(error: ApiError): string;
}

/**
 * Saving a react-hook-form form that edits one record: the API's field errors land on their inputs
 * (`aria-invalid` and the message beside it, through the form kit), what no input shows comes back
 * as `problem` for the form's alert, and after a save the form starts again from the record the API
 * returned (so it is clean, and the unsaved-changes guard lets staff leave).
 *
 * `isField(path)` says which API field paths the form shows beside an input.
 */
export function useRecordEditor<V extends FieldValues, O, R>({
  form,
  toValues,
  isField,
  onSaved,
}: {
  form: UseFormReturn<V, unknown, O>;
  toValues(record: R): V;
  isField(path: string): boolean;
  /** The saved record, for the screen to show (no refetch). */
  onSaved?(record: R): void;
}) {
  const guard = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);

  async function save<D>(request: SaveRequest<D, R>): Promise<R | null> {
    setProblem(null);
    const result = await adminMutate<D>(request.url, request.method, request.body, request.success, request.failure);
    if (!result.ok) {
      setProblem(showServerErrors(form.setError, result.error, isField));
      return null;
    }
    const record = request.pick(result.data);
    guard.saved(toValues(record));
    onSaved?.(record);
    return record;
  }

  const [leaving, setLeaving] = useLeaving();
  const leave = (to: string) => {
    setLeaving(true);
    guard.leave(to);
  };
  return { save, problem, clearProblem: () => setProblem(null), leave, leaving, confirmDiscard: guard.confirmDiscard };
}

/**
 * Changed and going to another page: the buttons that made the change stay off (`leaving`) until the
 * page has left; switched on again while the next page loaded, a second tap saved (or created, or
 * deleted) the record twice.
 */
export function useLeaving() {
  const [leaving, setLeaving] = useState(false);
  // Back to this page from the browser's back-forward cache: it never left for good, so the form works again.
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && setLeaving(false);
    addEventListener('pageshow', back);
    return () => removeEventListener('pageshow', back);
  }, []);
  return [leaving, setLeaving] as const;
}
