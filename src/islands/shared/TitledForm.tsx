import type { ComponentProps, ReactNode } from 'react';

/**
 * A form named by its own h2 (aria-labelledby `${id}-title`) and checked by the page, not the browser
 * (noValidate: the page's messages say what is wrong, beside the field).
 */
export function TitledForm({
  id,
  title,
  onSubmit,
  className,
  headingClassName = 'text-xl font-bold text-slate-900',
  children,
}: {
  id: string;
  title: ReactNode;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </form>
  );
}
