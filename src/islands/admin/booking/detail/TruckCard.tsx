import { adminApi, adminPaths, withSearch } from '../../../../lib/paths';
import { SelectField } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';

/** The truck that runs this booking's drop-off and pickup; the same assignment as on the day screen. */
export function TruckCard({ booking, reload }: CardProps) {
  const assign = async (value: string) => {
    const truckId = value === '' ? null : value;
    const name = booking.trucks.find((t) => t.id === truckId)?.name ?? 'no truck';
    const result = await adminMutate(adminApi.day.booking(booking.id, 'truck'), 'PUT', { truckId }, `${booking.number} is on ${name}.`);
    if (result.ok) reload();
  };
  return (
    <Card title="Truck">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Truck" value={booking.truckId ?? ''} onChange={(e) => void assign(e.target.value)} className="w-64 max-w-full">
          <option value="">Not assigned to a truck</option>
          {booking.trucks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <a href={withSearch(adminPaths.day, { date: booking.event.date })} className={secondaryButtonClass}>
          Open the day
        </a>
      </div>
    </Card>
  );
}
