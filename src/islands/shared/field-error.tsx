import { useErrorAfterPress } from './error-after-press';
import { errorClass } from './form-classes';

/** A field's error, tied to its control by id (`{id}-error`); `announce` reads it out as it appears. */
export function FieldError({
  id,
  message,
  announce,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean | undefined;
}) {
  // An error that would open under a press waits for the press to end (error-after-press.ts).
  const shown = useErrorAfterPress(message || undefined);
  if (!shown) return null;
  return (
    <p id={`${id}-error`} role={announce ? 'alert' : undefined} className={errorClass}>
      {shown}
    </p>
  );
}
