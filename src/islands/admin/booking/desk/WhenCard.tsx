import type { WindowProblem } from '../../../../lib/availability';
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

export function WhenCard({ form, windowProblem }: { form: DeskForm; windowProblem: WindowProblem | null }) {
  const { register } = form;
  // A save refused for the event's window as a whole comes back under `event`, which has no input of
  // its own: said at the field the price named when it is the same reason, else under the date and
  // times, until one of them changes.
  const saveProblem = fieldError(form, 'event');
  const windowProblemAt = (field: WindowProblem['field']) =>
    windowProblem?.field === field ? windowProblem.message : undefined;
  const when = (name: 'date' | 'start' | 'end' | 'endDate') =>
    register(name, {
      onChange: () => {
        if (fieldError(form, 'event')) form.clearErrors('event' as never);
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
      {saveProblem && saveProblem !== windowProblem?.message && (
        <p role="alert" className="mt-2 font-semibold text-red-800" data-testid="when-problem">
          {saveProblem}
        </p>
      )}
    </Card>
  );
}
