import type { WindowProblem } from '../../../../lib/availability';
import { useEffect } from 'react';
import { get } from 'react-hook-form';
import { TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';

/**
 * The date and times. Why the window cannot be booked at all (too far ahead, a blackout, a time
 * outside the delivery hours: `windowProblem`, from the desk's price for the window the form holds)
 * is said once, at the field to change, not on every item.
 */
/** The fields a window problem can name, each with its input's type and label. */
const WINDOW_FIELDS = [
  ['date', 'date', 'Date'],
  ['start', 'time', 'Starts'],
  ['end', 'time', 'Ends'],
] as const satisfies readonly (readonly [WindowProblem['field'], string, string])[];

/** Each input of the window, in the form's order: its error is at `event.<name>`. */
const WINDOW_INPUTS = ['date', 'start', 'end', 'endDate'] as const;

/** Whether the field's error is a refused save's (not the form's own check). */
const isServerError = (form: DeskForm, path: string) =>
  (get(form.formState.errors, path) as { type?: string } | undefined)?.type === 'server';

export function WhenCard({ form, windowProblem }: { form: DeskForm; windowProblem: WindowProblem | null }) {
  const { register } = form;
  // A save refused for the window (too far ahead, a closure, a time outside the hours) comes back at
  // the field to change ('event.date', 'event.start', 'event.end'), the same field and words the price
  // names: said there once, whether or not the price had said it yet. `event` alone is a reason about
  // the event as a whole (a product that cannot stay overnight), said under the date and times.
  const saveProblem = fieldError(form, 'event');
  const windowProblemAt = (field: WindowProblem['field']) =>
    windowProblem?.field === field ? windowProblem.message : undefined;
  // A refused save's reason is about the window it was sent with: any change to the window drops it
  // (the price then says whether the new window can be booked).
  const saveReasons = ['event', 'event.date', 'event.start', 'event.end'] as const;
  // The refused save's field has no input of that name ('event.date' is the input 'date'), so the focus
  // is moved here: on a phone the bar with "Book it" is far below the date.
  const refusedAt = WINDOW_FIELDS.find(([name]) => isServerError(form, `event.${name}`))?.[0];
  const { submitCount } = form.formState;
  useEffect(() => {
    if (refusedAt) form.setFocus(refusedAt);
  }, [refusedAt, submitCount]);
  // The form's own check says a window it refuses at the same names (an end before the start is
  // 'event.end'), which the form cannot focus by itself either: without this a tap on "Book it" or "Save
  // changes" far below seemed to do nothing. Only on a save, never as staff leave a field.
  useEffect(() => {
    const invalidAt = WINDOW_INPUTS.find((name) => get(form.formState.errors, `event.${name}`));
    if (invalidAt && !refusedAt) form.setFocus(invalidAt);
  }, [submitCount]);
  const when = (name: 'date' | 'start' | 'end' | 'endDate') =>
    register(name, {
      onChange: () => {
        const stale = saveReasons.filter((path) => isServerError(form, path));
        if (stale.length) form.clearErrors(stale as never);
      },
    });
  return (
    <Card title="When">
      <div className="grid gap-3 sm:grid-cols-4">
        {WINDOW_FIELDS.map(([name, type, label]) => (
          <TextField key={name} {...when(name)} type={type} label={label} error={fieldError(form, `event.${name}`) ?? windowProblemAt(name)} />
        ))}
        <TextField
          {...when('endDate')}
          type="date"
          label="Ends on"
          optional
          hint="Multi-day rentals only."
          error={fieldError(form, 'event.endDate')}
        />
      </div>
      {saveProblem && (
        <p role="alert" className="mt-2 font-semibold text-red-800" data-testid="when-problem">
          {saveProblem}
        </p>
      )}
    </Card>
  );
}
