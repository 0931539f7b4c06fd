import { Suspense, type ReactNode } from 'react';

/**
 * A chart with its caption. The picture is aria-hidden: the caption points to the table below it,
 * which holds the same figures for screen readers, keyboard users and copy-paste.
 */
export function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="mb-4">
      <div aria-hidden="true" className="min-h-32">
        <Suspense fallback={<div className="h-32 animate-pulse rounded-lg bg-slate-100" />}>{children}</Suspense>
      </div>
      <figcaption className="mt-1 text-xs text-slate-700">{caption} The table below has the same figures.</figcaption>
    </figure>
  );
}
