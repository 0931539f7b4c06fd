import type { DamageReportDto } from '../../../lib/day';
import { staffClock } from '../shared/business';

/** The crew's damage reports on a unit (from the day screen), each with its photo behind the staff session. */
export function DamageReports({ label, reports }: { label: string; reports: DamageReportDto[] }) {
  if (reports.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm" aria-label={`Damage reports for ${label}`}>
      {reports.map((r) => (
        <li key={r.id}>
          <span className="font-semibold">Damage {staffClock().mediumDate(new Date(r.at))}</span>
          {r.bookingNumber && ` (${r.bookingNumber})`}: {r.note}
          {r.photoUrl && (
            <>
              {' '}
              <a className="font-semibold text-brand-800 underline" href={r.photoUrl} target="_blank" rel="noopener noreferrer">
                Photo<span className="sr-only"> of the damage to {label} (opens a new tab)</span>
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
