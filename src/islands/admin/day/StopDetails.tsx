import type { ReactNode } from 'react';
import { bookingCakeLine } from '../../../lib/booking';
import { UNASSIGNED, type DayRun, type DayStop } from '../../../lib/day';
import { formatMediumDate, formatTimeRange } from '../../../lib/time';
import { SelectField } from '../../shared/form-kit';
import { loadWords } from '../../../lib/site-check';
import { RecordOptions } from '../shared/options';
import { SitePhotoLinks } from '../shared/SitePhotoLinks';
import { assignTruck } from '../shared/truck-assignment';

/** What a stop's "Details" opens: the party, the load and its gear, the customer's photos of the spot, notes, cakes and the truck. */
export function StopDetails({ run, stop, onChange }: { run: DayRun; stop: DayStop; onChange(): void }) {
  const gear = loadWords(stop.site.load);
  return (
    <div className="mt-2 space-y-3 border-t border-slate-200 pt-2">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <Row label="Party">
          {formatTimeRange(stop.event.start, stop.event.end)}
          {stop.event.endDate !== stop.event.date && ` (ends ${formatMediumDate(stop.event.endDate)})`}
        </Row>
        <Row label={stop.kind === 'delivery' ? 'Load' : 'Bring back'}>
          {stop.units.length === 0 && stop.otherItems.length === 0 && 'Nothing listed'}
          {stop.units.map((u) => (
            <span key={u.unitId} className="mr-2 inline-block">
              <strong className="font-mono">{u.label}</strong> {u.productName}
            </span>
          ))}
          {stop.otherItems.map((i) => (
            <span key={i.name} className="mr-2 inline-block">
              {i.quantity} × {i.name}
            </span>
          ))}
        </Row>
        {gear && <Row label="Gear">{gear}</Row>}
        {/* The card shows the setup spot; only its absence is said here. */}
        {!stop.site.summary && <Row label="Setup spot">Not given: ask on arrival</Row>}
        {stop.site.photos.length > 0 && (
          <Row label="Photos of the spot">
            <SitePhotoLinks photos={stop.site.photos} />
          </Row>
        )}
        {stop.customerNotes && <Row label="Customer notes">{stop.customerNotes}</Row>}
        {stop.staffNotes && (
          <Row label="Staff notes">
            <span className="whitespace-pre-line">{stop.staffNotes}</span>
          </Row>
        )}
        {stop.cakes.length > 0 && (
          <Row label="Cakes to deliver">
            {stop.cakes.map((c) => (
              <span key={c.id} className="block">
                {c.product}, {c.servings} servings{c.messageOnCake ? `, “${c.messageOnCake}”` : ''}: {bookingCakeLine(c)}
              </span>
            ))}
          </Row>
        )}
      </dl>
      <TruckPicker run={run} stop={stop} onChange={onChange} />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** The truck a booking goes on: drop-off and pickup move together. As wide as its longest choice, so "Not assigned to a truck" reads whole on a phone. */
function TruckPicker({ run, stop, onChange }: { run: DayRun; stop: DayStop; onChange(): void }) {
  const assign = async (value: string) => {
    if (await assignTruck({ id: stop.bookingId, number: stop.number }, run.trucks, value)) onChange();
  };
  return (
    <SelectField label={`Truck for ${stop.number}`} value={stop.truckId ?? ''} onChange={(e) => void assign(e.target.value)} className="w-full sm:w-80">
      <option value="">{UNASSIGNED}</option>
      <RecordOptions records={run.trucks.filter((t) => t.active || t.id === stop.truckId)} label={(t) => t.name} />
    </SelectField>
  );
}
