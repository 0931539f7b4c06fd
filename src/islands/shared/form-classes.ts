/**
 * The classes of the form kit (form-kit.tsx), in a module of their own so islands that only style
 * an input or two (cart, /at, track-order) do not bundle the kit's components.
 */

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700';
export const labelClass = 'block font-semibold text-slate-900';
export const hintClass = 'text-sm text-slate-700';
export const errorClass = 'mt-1 font-semibold text-red-800';
export const checkboxClass = 'size-6 shrink-0 accent-brand-700';

export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70';

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-5 py-2 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export const fieldsetClass = 'space-y-4 rounded-2xl border border-brand-100 p-5';
export const legendClass = 'px-1 text-xl font-bold text-slate-900';
