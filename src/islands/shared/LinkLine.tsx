import type { ReactNode } from 'react';

/**
 * A link on a line of its own under a list or a message ("Go to your cart", "Add more rentals"), in the
 * booking path's link style; `className` spaces the line from what is above it.
 */
export function LinkLine({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <p className={className}>
      <a href={href} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
        {children}
      </a>
    </p>
  );
}
