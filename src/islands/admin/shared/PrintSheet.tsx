import type { ReactNode } from 'react';
import { buttonClass, secondaryButtonClass } from './ui';

/**
 * A sheet the crew print (the delivery sheet, a truck's run sheet): plain black on white, with the way
 * back and the print button above it that print leaves out, as it leaves out the admin menu.
 */
export function PrintSheet({ name, back, printLabel, children }: { name: 'delivery-sheet' | 'run-sheet'; back: { href: string; label: string }; printLabel: string; children: ReactNode }) {
  return (
    <article className={`${name} print-alone mx-auto max-w-3xl rounded-xl border border-slate-300 bg-white p-6 text-slate-900 print:max-w-none print:rounded-none print:border-0 print:p-0`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <a href={back.href} className={secondaryButtonClass}>
          {back.label}
        </a>
        <button type="button" className={buttonClass} onClick={() => window.print()}>
          {printLabel}
        </button>
      </div>
      {children}
    </article>
  );
}
