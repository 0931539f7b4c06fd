import type { ReactNode } from 'react';

const tones = {
  /** What the customer has: their booking, their payments. */
  plain: 'rounded-2xl border border-brand-100 bg-white p-6 shadow-sm',
  /** A note: something went wrong, or something they may want to do. */
  note: 'rounded-2xl border border-brand-100 bg-brand-50 p-6',
};

/**
 * A card on a customer's own pages (booking received, payment, tracking): a section named by its
 * heading. An h2 on a page of its own; an h3 inside the tracking page's booking.
 */
export function CustomerCard({
  id,
  heading,
  level = 2,
  tone = 'plain',
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  heading: ReactNode;
  level?: 2 | 3;
  tone?: keyof typeof tones;
  testId?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={tones[tone]} data-testid={testId}>
      <Heading id={id} className={level === 2 ? 'text-xl font-bold text-slate-900' : 'text-lg font-bold text-slate-900'}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
