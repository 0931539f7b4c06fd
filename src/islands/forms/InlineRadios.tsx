import type { ComponentPropsWithRef, ReactNode } from 'react';

/**
 * Two or three plain radios side by side from `sm` (pick up or delivery, draw or type), for a
 * fieldset the caller owns. The rest of the props go to every radio: `{...register('kind')}`.
 */
export function InlineRadios({ options, className = 'flex flex-col gap-2 sm:flex-row sm:gap-6', ...input }: {
  options: readonly { value: string; label: ReactNode }[];
  className?: string;
} & Omit<ComponentPropsWithRef<'input'>, 'type' | 'value' | 'className'>) {
  return (
    <div className={className}>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3 text-slate-900">
          <input type="radio" value={option.value} className="size-5 accent-brand-700" {...input} />
          {option.label}
        </label>
      ))}
    </div>
  );
}
