import type { ReactNode } from 'react';
import { adminPaths } from '../../../lib/paths';
import type { ApiError } from '../../shared/api';
import { FormAlert } from '../../shared/form-kit';

/** Visual building blocks shared by the admin screens, so they look and behave alike. */

export const buttonClass =
  'inline-flex min-h-10 items-center justify-center gap-1 rounded-lg bg-brand-700 px-4 py-2 text-sm font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-1 rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-1 rounded-lg bg-red-700 px-4 py-2 text-sm font-bold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';
export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold text-slate-800';
export const tdClass = 'border-b border-slate-200 px-3 py-2 align-top';

export function Card({ title, actions, children }: { title?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-bold text-slate-900">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

const badgeTones = {
  neutral: 'bg-slate-100 text-slate-800',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
  brand: 'bg-brand-100 text-brand-900',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof badgeTones; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>{children}</span>;
}

/** Loading, error and empty states of a screen or list, announced to screen readers. */
export function LoadState({ loading, error, empty, children }: { loading: boolean; error: ApiError | null; empty?: ReactNode; children?: ReactNode }) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
        {error.message}
      </p>
    );
  }
  if (loading && !children) {
    return (
      <p role="status" className="p-3 text-sm text-slate-700">
        Loading…
      </p>
    );
  }
  if (empty) return <p className="p-3 text-sm text-slate-700">{empty}</p>;
  return <>{children}</>;
}

export function ScreenHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A button in a table row: its label, then the row's name for screen readers ("Edit SUMMER10"). */
export function RowButton({ label, name, onClick }: { label: ReactNode; name: ReactNode; onClick(): void }) {
  return (
    <button type="button" className={secondaryButtonClass} onClick={onClick}>
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** A booking's number, linking to its page in the admin. */
export function BookingLink({ id, number }: { id: string; number: string }) {
  return (
    <a className="font-semibold text-brand-800 underline" href={adminPaths.booking(id)}>
      {number}
    </a>
  );
}

/** The end of a form: its submit button and, where the form can be left without saving, Cancel. */
/** The alert for what no field of a grid form shows, on a row of its own across the grid's columns. */
export function GridFormAlert({ span, title, message }: { span: 'sm:col-span-2' | 'sm:col-span-3'; title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div className={span}>
      <FormAlert title={title} message={message} />
    </div>
  );
}

export function FormButtons({ className, label, busy, onCancel }: { className: string; label: ReactNode; busy: boolean; onCancel?: (() => void) | undefined }) {
  return (
    <div className={className}>
      <button type="submit" className={buttonClass} disabled={busy}>
        {label}
      </button>
      {onCancel && (
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** A form the screen checks and sends itself: the browser neither validates nor submits it. */
export function ScreenForm({ className, onSubmit, children }: { className?: string; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
