import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DateRangeValue, RangePreset } from '../../../lib/admin';
import { buttonClass, secondaryButtonClass } from '../shared/ui';
import { inputClass, labelClass } from '../../shared/form-classes';

/**
 * The date range of a report screen, kept in the page URL (?from=&to=) so a filtered report
 * survives a reload and can be shared. Empty means "the server's default range".
 */
export function useRangeParam() {
  const [range, setRange] = useState<{ from?: string | undefined; to?: string | undefined }>(() => {
    if (typeof location === 'undefined') return {};
    const search = new URLSearchParams(location.search);
    return { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  });
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    for (const key of ['from', 'to'] as const) {
      const value = range[key];
      if (value) search.set(key, value);
      else search.delete(key);
    }
    const query = search.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}`);
  }, [range]);
  const query = new URLSearchParams(Object.entries(range).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return { range, setRange, query };
}

/** The API URL of one report's CSV for the range shown. */
export function csvUrl(endpoint: string, report: string, range: DateRangeValue): string {
  return `${endpoint}?${new URLSearchParams({ format: 'csv', report, from: range.from, to: range.to })}`;
}

/** From/to date inputs with presets; applying sends the new range (the server validates it too). */
export function RangeFilter({ value, presets, onChange, fieldErrors }: { value: DateRangeValue; presets: RangePreset[]; onChange(range: DateRangeValue): void; fieldErrors?: Record<string, string> | undefined }) {
  const id = useId();
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
  }, [value.from, value.to]);
  const shown = error ?? fieldErrors?.['to'] ?? fieldErrors?.['from'] ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to) return setError('Enter both dates');
    if (to < from) return setError('The end date must be on or after the start date');
    setError(null);
    onChange({ from, to });
  }

  return (
    <form onSubmit={submit} className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Date range">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>
            From
          </label>
          <input id={`${id}-from`} type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} required aria-invalid={Boolean(shown)} aria-describedby={shown ? `${id}-error` : undefined} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>
            To
          </label>
          <input id={`${id}-to`} type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} required aria-invalid={Boolean(shown)} aria-describedby={shown ? `${id}-error` : undefined} />
        </div>
        <button type="submit" className={buttonClass}>
          Apply
        </button>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {shown}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
        {presets.map((preset) => {
          const active = preset.range.from === value.from && preset.range.to === value.to;
          return (
            <button key={preset.label} type="button" aria-pressed={active} className={`${secondaryButtonClass} min-h-9 px-3 py-1 aria-pressed:border-brand-700 aria-pressed:bg-brand-50`} onClick={() => onChange(preset.range)}>
              {preset.label}
            </button>
          );
        })}
      </div>
    </form>
  );
}

