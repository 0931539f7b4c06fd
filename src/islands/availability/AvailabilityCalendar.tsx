import { useMemo } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import { addDaysIso } from '../../lib/time';
import { INTL_LOCALE, pluralOf } from '../../lib/i18n';
import { useWords } from '../shared/island-words';
import { monthOf, type DayAvailability } from './use-product-availability';
import './availability-calendar.css';

const toLocalDate = (isoDate: string) =>
  new Date(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
const fromLocalDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The month's name and the weekdays in a language other than English, shown and read aloud (the month's
 * grid and each weekday's column are labelled for screen readers apart from what is shown):
 * react-day-picker writes English.
 */
const intlCalendar = (locale: string) => {
  const caption = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const narrowWeekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow' });
  const longWeekday = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return {
    formatters: { formatCaption: (d: Date) => caption.format(d), formatWeekdayName: (d: Date) => narrowWeekday.format(d) },
    labels: { labelGrid: (d: Date) => caption.format(d), labelWeekday: (d: Date) => longWeekday.format(d) },
  };
};

interface Props {
  id: string;
  /** Null until the browser knows the business's today (see useProductAvailability). */
  today: string | null;
  month: string | null;
  date: string | null;
  days: Record<string, DayAvailability>;
  monthError: string | null;
  onDate: (date: string) => void;
  onMonth: (month: string) => void;
}

/** The party-date calendar, each day coloured by what is free, with its legend. */
export default function AvailabilityCalendar({ id, today, month, date, days, monthError, onDate, onMonth }: Props) {
  const { cart: t, f, locale } = useWords();
  const intl = locale === 'en' ? null : intlCalendar(INTL_LOCALE[locale]);
  const modifiers = useMemo(() => {
    const available: Date[] = [];
    const limited: Date[] = [];
    const unavailable: Date[] = [];
    for (const day of Object.values(days)) {
      const d = toLocalDate(day.date);
      if (!day.available) unavailable.push(d);
      else if (day.freeCount !== null && day.freeCount <= 1) limited.push(d);
      else available.push(d);
    }
    return { available, limited, unavailable };
  }, [days]);

  const dayLabel = (d: Date, mods: Modifiers) => {
    const iso = fromLocalDate(d);
    const info = days[iso];
    const status = mods['disabled']
      ? t.dayNotBookable
      : !info
        ? ''
        : !info.available
          ? t.dayNotAvailable
          : info.freeCount === null
            ? t.dayAvailable
            : pluralOf(info.freeCount, t.dayCountAvailable);
    return [f.longDate(iso), mods['selected'] ? t.daySelected : '', status].filter(Boolean).join(', ');
  };

  return (
    <div>
      <p id={`${id}-calendar-label`} className="font-semibold text-slate-900">
        {t.partyDate}
      </p>
      <div className="pf-calendar mt-2 min-h-[21rem] rounded-xl border border-brand-100 bg-white p-2">
        {today && month ? (
          <DayPicker
            mode="single"
            aria-labelledby={`${id}-calendar-label`}
            selected={date ? toLocalDate(date) : undefined}
            onSelect={(d) => d && onDate(fromLocalDate(d))}
            month={toLocalDate(`${month}-01`)}
            onMonthChange={(m) => onMonth(monthOf(fromLocalDate(m)))}
            startMonth={toLocalDate(`${monthOf(today)}-01`)}
            endMonth={toLocalDate(`${monthOf(addDaysIso(today, 365))}-01`)}
            today={toLocalDate(today)}
            disabled={{ before: toLocalDate(today) }}
            modifiers={modifiers}
            modifiersClassNames={{
              available: 'pf-day-available',
              limited: 'pf-day-limited',
              unavailable: 'pf-day-unavailable',
            }}
            labels={{
              labelDayButton: dayLabel,
              ...(intl ? { ...intl.labels, labelPrevious: () => t.previousMonth, labelNext: () => t.nextMonth, labelNav: () => t.calendarNavigation } : {}),
            }}
            {...(intl ? { formatters: intl.formatters } : {})}
            showOutsideDays={false}
          />
        ) : (
          <p className="p-4 text-slate-700">{t.loadingCalendar}</p>
        )}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-label={t.calendarColours}>
        {(
          [
            ['border-emerald-700 bg-emerald-50', t.legendAvailable],
            ['border-amber-600 bg-amber-50', t.legendLastOne],
            ['border-slate-400 bg-slate-100', t.legendBooked],
          ] as const
        ).map(([colours, label]) => (
          <li key={colours} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block size-4 rounded-full border-2 ${colours}`} /> {label}
          </li>
        ))}
      </ul>
      {monthError && <p className="mt-2 text-sm text-red-800">{monthError}</p>}
    </div>
  );
}
