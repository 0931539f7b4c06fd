import { TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';

export function WhenCard({ form }: { form: DeskForm }) {
  const { register } = form;
  // A save refused for the event's window as a whole (a date already past or beyond the booking window,
  // a time outside the delivery hours, a blackout) comes back under `event`, which has no input of its
  // own: said here, under the date and times, until one of them changes.
  const windowProblem = fieldError(form, 'event');
  const when = (name: 'date' | 'start' | 'end' | 'endDate') =>
    register(name, {
      onChange: () => {
        if (fieldError(form, 'event')) form.clearErrors('event' as never);
      },
    });
  return (
    <Card title="When">
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField {...when('date')} type="date" label="Date" error={fieldError(form, 'event.date')} />
        <TextField {...when('start')} type="time" label="Starts" error={fieldError(form, 'event.start')} />
        <TextField {...when('end')} type="time" label="Ends" error={fieldError(form, 'event.end')} />
        <TextField
          {...when('endDate')}
          type="date"
          label="Ends on"
          optional
          hint="Multi-day rentals only."
          error={fieldError(form, 'event.endDate')}
        />
      </div>
      {windowProblem && (
        <p role="alert" className="mt-2 font-semibold text-red-800" data-testid="when-problem">
          {windowProblem}
        </p>
      )}
    </Card>
  );
}
