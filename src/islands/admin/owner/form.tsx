import { useId, type ReactNode } from 'react';
import type { ApiError } from '../../shared/api';
import { labelClass, ScreenHeader } from '../shared/ui';
import { parseDollars } from '../../../lib/pricing/money';

/** Field errors from a 400 answer, keyed like the API's fields (`officeHours.mon.close`). */
export type FieldErrors = Record<string, string>;
export const fieldErrorsOf = (error: ApiError | null | undefined): FieldErrors => error?.fields ?? {};

export function FieldMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {children}
    </p>
  );
}

/** Radio buttons in a fieldset with a legend: for choices of two or three. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: NoInfer<T>; label: string; hint?: string }[];
  onChange(value: NoInfer<T>): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 space-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-start gap-2 text-sm text-slate-900">
            <input type="radio" name={`${id}-${name}`} className="mt-1 size-4 accent-brand-700" checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>
              <span className="font-semibold">{o.label}</span>
              {o.hint && <span className="block text-slate-700">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && <FieldMessage id={`${id}-error`}>{error}</FieldMessage>}
    </fieldset>
  );
}

/** Dollars as typed ('12.50') → cents; what is not an amount is NaN (sent as null), so the server names the field. */
export const centsOrNaN = (text: string) => parseDollars(text) ?? Number.NaN;
/** A number input's text → number (empty is NaN, which JSON sends as null: the server says what is missing). */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Shown instead of an owner screen when its API answers 403: the screen's heading and why it is empty. */
export function NotAllowed({ title, screen }: { title: string; screen: string }) {
  return (
    <>
      <ScreenHeader title={title} />
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
        <h2 className="text-lg font-bold">Not allowed</h2>
        <p className="mt-1 text-sm">{screen} is for owners. Ask an owner if you need something changed here.</p>
      </div>
    </>
  );
}
