import { TextField } from '../../../shared/form-kit';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';

export function WhenCard({ form }: { form: DeskForm }) {
  const { register } = form;
  return (
    <Card title="When">
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField {...register('date')} type="date" label="Date" error={fieldError(form, 'event.date')} />
        <TextField {...register('start')} type="time" label="Starts" error={fieldError(form, 'event.start')} />
        <TextField {...register('end')} type="time" label="Ends" error={fieldError(form, 'event.end')} />
        <TextField
          {...register('endDate')}
          type="date"
          label="Ends on"
          optional
          hint="Multi-day rentals only."
          error={fieldError(form, 'event.endDate')}
        />
      </div>
    </Card>
  );
}
