import { useEffect, useState } from 'react';
import { businessTimeZoneKnown, TIME_ZONE_MISSING_NOTE, timeZoneMissing } from './business';
import { loadStaff } from './staff';

/** Says so on every staff page when the admin knows no business time zone (staffClock then reads UTC). */
export default function TimeZoneNote({ className = '' }: { className?: string }) {
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    // After the session's answer: it may bring the saved zone a page built before the setup lacks.
    void loadStaff()
      .then(businessTimeZoneKnown)
      .then(() => setMissing(timeZoneMissing()));
  }, []);
  return missing ? (
    <p
      role="alert"
      className={`basis-full rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900 ${className}`}
    >
      {TIME_ZONE_MISSING_NOTE}
    </p>
  ) : null;
}
