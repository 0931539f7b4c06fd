import type { EventContentArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { calendarColours, calendarDayText, calendarTimeText, type CalendarEvent } from '../../../lib/calendar';
import { adminApi } from '../../../lib/paths';
import { businessClock, localDateTime } from '../../../lib/time';
import { adminRequest } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { Card, ScreenHeader } from '../shared/ui';
import { CalendarFeedCard } from './CalendarFeedCard';
import './calendar.css';

interface CalendarResponse {
  timeZone: string;
  today: string;
  events: CalendarEvent[];
}

const toInput = (e: CalendarEvent): EventInput => ({
  id: e.id,
  title: e.title,
  start: e.start,
  end: e.end,
  allDay: e.allDay,
  ...(e.url ? { url: e.url } : {}),
  backgroundColor: calendarColours[e.status].background,
  borderColor: calendarColours[e.status].background,
  textColor: '#ffffff',
  extendedProps: { status: e.status, statusLabel: e.statusLabel },
});

/** Time, status in words (colour alone must not carry it) and the title: whole in the list, one line in the grids. */
function EventContent({ event, timeText, view }: EventContentArg) {
  return (
    <span className={`block px-1 ${view.type.startsWith('list') ? 'whitespace-normal' : 'overflow-hidden text-ellipsis whitespace-nowrap'}`}>
      {timeText && <strong>{timeText} </strong>}
      <span className="font-semibold">{String(event.extendedProps.statusLabel)}:</span> {event.title}
    </span>
  );
}

/**
 * The staff calendar. It runs in the business's wall-clock time: the API sends local times without
 * an offset and the calendar is set to UTC, which FullCalendar then shows unchanged, so a 10 AM
 * party reads 10 AM on every laptop (FullCalendar needs a plugin for named time zones).
 */
export default function CalendarScreen() {
  const [mounted, setMounted] = useState(false);
  // Screens render in the browser only (client:only), so the width is known at the first render.
  const [phone] = useState(() => typeof window !== 'undefined' && window.matchMedia('(max-width: 639px)').matches);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  useEffect(() => setMounted(true), []);

  // Stable identities: FullCalendar treats a new `events` function as a new source and fetches again.
  const loadEvents = useCallback((info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    const query = new URLSearchParams({ from: info.startStr.slice(0, 10), to: info.endStr.slice(0, 10) });
    adminRequest<CalendarResponse>(adminApi.calendar.view(query.toString()), { signal: controller.signal })
      .then((result) => {
        if (!result.ok) {
          toast.error(result.error.message);
          failure(new Error(result.error.message));
          return;
        }
        setTimeZone(result.data.timeZone);
        success(result.data.events.map(toInput));
      })
      .catch(() => {});
  }, []);
  // The calendar's "today" and now-line: the business's wall clock, not the browser's (the answer's zone, or the session's before it).
  const now = useCallback(() => {
    const clock = timeZone ? businessClock(timeZone) : staffClock();
    return localDateTime(clock.now(), clock.timeZone);
  }, [timeZone]);
  const renderEvent = useCallback((arg: EventContentArg) => <EventContent {...arg} />, []);

  return (
    <div className="space-y-4">
      <ScreenHeader
        title="Calendar"
        description={`Bookings, holds and blackouts. Times are shown in the business’s time zone${timeZone ? ` (${timeZone})` : ''}. Select a booking to open it.`}
      />
      <Card>
        <ul aria-label="Colour key" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {Object.entries(calendarColours).map(([status, { label, background }]) => (
            <li key={status} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: background }} />
              {label}
            </li>
          ))}
        </ul>
        <div className="admin-calendar">
          {mounted ? (
            <FullCalendar
              plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
              // On a phone a month grid cannot show who and what: the list of the week, and a toolbar that fits.
              initialView={phone ? 'listWeek' : 'dayGridMonth'}
              headerToolbar={
                phone
                  ? { left: 'prev,next', center: 'title', right: 'listWeek,timeGridDay,dayGridMonth' }
                  : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
              }
              // Text instead of FullCalendar's icon fonts, whose role="img" spans have no text alternative.
              buttonIcons={false}
              buttonText={{ prev: '‹ Previous', next: 'Next ›', today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'List' }}
              timeZone="UTC"
              now={now}
              events={loadEvents}
              eventDisplay="block"
              eventContent={renderEvent}
              // The times as the rest of the admin writes them ("11:00 AM – 5:00 PM").
              eventTimeFormat={calendarTimeText}
              // The list's day heading in one piece, not a weekday and a date floated apart.
              listDayFormat={calendarDayText}
              listDaySideFormat={false}
              // Day numbers and week-view headers open that day: the quickest way from a busy month to one day's run sheet.
              navLinks
              dayMaxEvents={4}
              nowIndicator
              height="auto"
              slotMinTime="06:00:00"
              slotMaxTime="23:00:00"
              firstDay={0}
            />
          ) : (
            <p role="status" className="p-3 text-sm text-slate-700">
              Loading the calendar…
            </p>
          )}
        </div>
      </Card>
      <CalendarFeedCard />
    </div>
  );
}
