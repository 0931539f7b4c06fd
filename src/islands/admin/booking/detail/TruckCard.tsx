import { adminPaths, withSearch } from '../../../../lib/paths';
import { SelectField } from '../../../shared/form-kit';
import { RecordOptions } from '../../shared/options';
import { assignTruck } from '../../shared/truck-assignment';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';

/** The truck that runs this booking's drop-off and pickup; the same assignment as on the day screen. */
export function TruckCard({ booking, reload }: CardProps) {
  const assign = async (value: string) => {
    if (await assignTruck(booking, booking.trucks, value)) reload();
  };
  return (
    <Card title="Truck">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField label="Truck" value={booking.truckId ?? ''} onChange={(e) => void assign(e.target.value)} className="w-64 max-w-full">
          <option value="">Not assigned to a truck</option>
          <RecordOptions records={booking.trucks} label={(t) => t.name} />
        </SelectField>
        <a href={withSearch(adminPaths.day, { date: booking.event.date })} className={secondaryButtonClass}>
          Open the day
        </a>
      </div>
    </Card>
  );
}
