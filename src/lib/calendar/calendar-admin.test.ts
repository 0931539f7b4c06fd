import { describe, expect, it } from 'vitest';
import { blackoutEvent, bookingEvent, calendarColours, calendarDayText, calendarQuery, calendarTimeText } from './calendar-admin';
import { buildFeed, feedTokenFromPath, feedUrl } from './calendar-feed';

/** WCAG relative luminance and contrast, to prove white event text is readable on every colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('calendar colours', () => {
  it('give white text a contrast of at least 4.5:1 on every status', () => {
    for (const [status, { background }] of Object.entries(calendarColours)) expect(contrastWithWhite(background), status).toBeGreaterThanOrEqual(4.5);
  });
  it('are distinct per status', () => {
    const colours = Object.values(calendarColours).map((c) => c.background);
    expect(new Set(colours).size).toBe(colours.length);
  });
});

describe('calendar events', () => {
  it('turn a booking into a timed entry in local wall-clock time that links to the booking', () => {
    const event = bookingEvent({
      id: 'b1',
      number: 'PF-ABC123',
      status: 'hold',
      customerName: 'Maria Delgado',
      city: 'Round Rock',
      items: ['Pink Castle ×1', 'Tables ×2'],
      localStart: { date: '2026-07-04', time: '10:00' },
      localEnd: { date: '2026-07-04', time: '16:30' },
    });
    expect(event).toEqual({
      id: 'booking-b1',
      kind: 'booking',
      title: 'PF-ABC123 · Maria Delgado (Round Rock): Pink Castle ×1, Tables ×2',
      start: '2026-07-04T10:00:00',
      end: '2026-07-04T16:30:00',
      allDay: false,
      status: 'hold',
      statusLabel: 'Hold (awaiting payment)',
      url: '/admin/bookings/b1',
    });
  });

  it('turn a blackout into an all-day entry whose end is the day after its last day', () => {
    const event = blackoutEvent({ id: 'x', scope: 'product', targetName: 'Giant Connect Four', startsOn: '2026-12-31', endsOn: '2027-01-01', reason: ' Repairs ' });
    expect(event).toMatchObject({ start: '2026-12-31', end: '2027-01-02', allDay: true, title: 'Unavailable: Giant Connect Four (Repairs)', url: null });
    expect(blackoutEvent({ id: 'y', scope: 'business', targetName: null, startsOn: '2026-12-25', endsOn: '2026-12-25', reason: '' }).title).toBe('Closed');
  });
});

describe('calendarQuery', () => {
  it('accepts a month view range and refuses reversed or oversized ones', () => {
    expect(calendarQuery.safeParse({ from: '2026-06-28', to: '2026-08-09' }).success).toBe(true);
    expect(calendarQuery.safeParse({ from: '2026-06-28', to: '2026-06-28' }).success).toBe(false);
    expect(calendarQuery.safeParse({ from: '2026-01-01', to: '2026-04-12' }).success).toBe(false);
    expect(calendarQuery.safeParse({ from: '2026-02-30', to: '2026-03-02' }).success).toBe(false);
  });
});

describe('calendar feed', () => {
  const token = 'A'.repeat(20) + '_-' + 'b9'.repeat(11);
  it('reads the token from the address and nothing else', () => {
    expect(feedTokenFromPath(`/api/calendar/${token}.ics`)).toBe(token);
    expect(feedTokenFromPath(`/api/calendar/${token}`)).toBeNull();
    expect(feedTokenFromPath('/api/calendar/short.ics')).toBeNull();
    expect(feedTokenFromPath(`/api/calendar/${token}.ics/x`)).toBeNull();
    expect(feedTokenFromPath(`/api/calendar/${'a'.repeat(40)}%27.ics`)).toBeNull();
    expect(feedUrl('https://example.com/some/page', token)).toBe(`https://example.com/api/calendar/${token}.ics`);
  });

  it('builds an iCalendar with one event per booking, tentative until paid, in UTC', () => {
    const base = {
      customerName: 'Priya Raman',
      customerPhone: '(512) 555-0188',
      address: '3300 Brushy Creek Rd, Cedar Park, TX 78613',
      city: 'Cedar Park',
      items: ['Flamingo Lagoon ×1'],
      updatedAt: new Date('2026-06-01T12:00:00Z'),
    };
    const text = buildFeed(
      {
        bookings: [
          { ...base, id: 'b1', number: 'PF-ONE111', status: 'confirmed', start: new Date('2026-07-04T16:00:00Z'), end: new Date('2026-07-04T22:00:00Z') },
          { ...base, id: 'b2', number: 'PF-TWO222', status: 'hold', start: new Date('2026-07-05T16:00:00Z'), end: new Date('2026-07-05T22:00:00Z') },
        ],
        blackouts: [],
      },
      { businessName: 'Pink Flamingo Party Rentals', siteUrl: 'https://rentals.example', role: 'crew' },
    );
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('X-WR-CALNAME:Pink Flamingo Party Rentals bookings');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded).toContain('UID:booking-b1@rentals.example');
    expect(unfolded).toContain('DTSTART:20260704T160000Z');
    expect(unfolded).toContain('SUMMARY:Flamingo Lagoon ×1 · Priya Raman (Cedar Park)');
    expect(unfolded).toMatch(/BEGIN:VEVENT[\s\S]*?UID:booking-b2[\s\S]*?STATUS:TENTATIVE/);
    expect(unfolded).toContain('https://rentals.example/admin/bookings/b1');
    expect(buildFeed({ bookings: [], blackouts: [] }, { businessName: 'X', siteUrl: 'https://rentals.example', role: 'owner' })).toMatch(/BEGIN:VCALENDAR[\s\S]*END:VCALENDAR/);
  });

  describe('blackouts', () => {
    const july4 = { id: '4f1c2a9e-0000-4000-8000-000000000001', scope: 'business' as const, targetName: null, startsOn: '2026-07-04', endsOn: '2026-07-04', reason: 'Fourth of July' };
    const repairs = { id: '4f1c2a9e-0000-4000-8000-000000000002', scope: 'product' as const, targetName: 'Pink Castle Bounce House', startsOn: '2026-12-30', endsOn: '2027-01-02', reason: 'Seam repair' };
    const slides = { id: '4f1c2a9e-0000-4000-8000-000000000003', scope: 'category' as const, targetName: 'Water Slides', startsOn: '2026-11-01', endsOn: '2026-11-30', reason: '' };
    const feed = (role: 'crew' | 'manager' | 'owner') =>
      buildFeed({ bookings: [], blackouts: [july4, repairs, slides] }, { businessName: 'Pink Flamingo Party Rentals', siteUrl: 'https://rentals.example/admin', role })
        .replace(/\r\n[ \t]/g, '');
    /** Each VEVENT's properties by name (the first of each), in the feed's order. */
    const events = (text: string) =>
      [...text.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => Object.fromEntries(m[1]!.trim().split('\r\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)])));

    it('are whole-day entries on the business’s dates, the last day included (DTEND the day after), with a stable UID each', () => {
      const [closed, castle, water] = events(feed('crew'));
      expect(closed).toMatchObject({
        UID: `blackout-${july4.id}@rentals.example`,
        'DTSTART;VALUE=DATE': '20260704',
        'DTEND;VALUE=DATE': '20260705',
        SUMMARY: 'Closed (Fourth of July)',
        TRANSP: 'TRANSPARENT',
        STATUS: 'CONFIRMED',
      });
      // Across a new year, and a month, by their dates alone: no time of day, no zone.
      expect(castle).toMatchObject({ 'DTSTART;VALUE=DATE': '20261230', 'DTEND;VALUE=DATE': '20270103', SUMMARY: 'Unavailable: Pink Castle Bounce House (Seam repair)' });
      expect(water).toMatchObject({ 'DTSTART;VALUE=DATE': '20261101', 'DTEND;VALUE=DATE': '20261201', SUMMARY: 'Unavailable: Water Slides' });
      expect(feed('crew')).not.toMatch(/DTSTART:\d{8}T/);
      // The same UIDs every time the feed is read, so a subscribed calendar updates its entries.
      expect(events(feed('crew')).map((e) => e.UID)).toEqual(events(feed('owner')).map((e) => e.UID));
    });

    it('say what is closed; the link to the blackouts screen only for managers and owners, who may open it', () => {
      const crew = events(feed('crew'));
      expect(crew.map((e) => e.DESCRIPTION)).toEqual([
        'The whole business is closed: nothing can be booked on these days.',
        'Pink Castle Bounce House cannot be booked on these days.',
        'Nothing in Water Slides can be booked on these days.',
      ]);
      expect(crew.every((e) => e['URL;VALUE=URI'] === undefined)).toBe(true);
      for (const role of ['manager', 'owner'] as const) {
        const [closed] = events(feed(role));
        expect(closed!['URL;VALUE=URI']).toBe('https://rentals.example/admin/blackouts');
        expect(closed!.DESCRIPTION).toBe('The whole business is closed: nothing can be booked on these days.\\nhttps://rentals.example/admin/blackouts');
      }
    });
  });
});

describe('calendar times', () => {
  it.each([
    ['a range in the list', { start: { hour: 11, minute: 0 }, end: { hour: 17, minute: 0 } }, '11:00 AM – 5:00 PM'],
    ['a start alone in a grid', { start: { hour: 9, minute: 30 }, end: null }, '9:30 AM'],
    ['noon and midnight', { start: { hour: 12, minute: 5 }, end: { hour: 0, minute: 0 } }, '12:05 PM – 12:00 AM'],
  ])('read as every admin screen writes them: %s', (_, parts, text) => {
    expect(calendarTimeText(parts)).toBe(text);
  });
});

describe('the list view’s day heading', () => {
  it.each([
    ['a day in December', { year: 2026, month: 11, day: 7 }, 'Monday, December 7, 2026'],
    ['the first of a year', { year: 2027, month: 0, day: 1 }, 'Friday, January 1, 2027'],
    ['a leap day', { year: 2028, month: 1, day: 29 }, 'Tuesday, February 29, 2028'],
  ])('is one line, as the day screen heads a day: %s', (_, date, text) => {
    expect(calendarDayText({ date })).toBe(text);
  });
});
