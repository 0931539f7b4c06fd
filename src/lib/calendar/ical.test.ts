import { describe, expect, it } from 'vitest';
import { bookingEventUid, calendarText } from './ical';

const party = {
  uid: bookingEventUid('PF-7K3Q', 'partyflamingo.example'),
  title: 'Party rental: Pink Castle, Popcorn machine',
  description: 'Booking PF-7K3Q.\nTrack it online',
  location: '12 Oak St, Round Rock, TX 78664',
  url: 'https://partyflamingo.example/track-order?booking=PF-7K3Q',
  start: new Date('2026-07-04T15:00:00Z'),
  end: new Date('2026-07-04T21:00:00Z'),
  tentative: false,
};

/** Unfolds RFC 5545 continuation lines, so assertions read whole properties. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('calendarText', () => {
  it('writes one event in UTC with its UID, times, place, link and status', () => {
    const text = unfold(calendarText([party], { prodId: { company: 'Party Flamingo', product: 'Booking' }, publish: true }));
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // Each property a line of its own.
    for (const property of [
      'METHOD:PUBLISH',
      'PRODID:-//Party Flamingo//Booking//EN',
      'UID:PF-7K3Q@partyflamingo.example',
      'DTSTART:20260704T150000Z',
      'DTEND:20260704T210000Z',
      'SUMMARY:Party rental: Pink Castle\\, Popcorn machine',
      'LOCATION:12 Oak St\\, Round Rock\\, TX 78664',
      'DESCRIPTION:Booking PF-7K3Q.\\nTrack it online',
      'STATUS:CONFIRMED',
      'SEQUENCE:0',
    ]) {
      expect(text).toContain(`${property}\r\n`);
    }
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it('marks unpaid bookings tentative, carries the sequence of a changed event, and folds long lines', () => {
    const long = { ...party, tentative: true, sequence: 3, description: 'x'.repeat(200) };
    const text = calendarText([long], { prodId: { company: 'Party Flamingo', product: 'Booking' } });
    expect(text).toContain('STATUS:TENTATIVE\r\n');
    expect(text).toContain('SEQUENCE:3\r\n');
    expect(text).not.toContain('METHOD:');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('writes a feed of several events under one calendar name', () => {
    const text = calendarText([party, { ...party, uid: 'other@partyflamingo.example' }], {
      prodId: { company: 'partyflamingo.example', product: 'Staff calendar' },
      name: 'Party Flamingo bookings',
    });
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfold(text)).toContain('X-WR-CALNAME:Party Flamingo bookings\r\n');
  });

  it('writes an all-day entry as DATE values, the day after the last as its end, the same in any machine zone', () => {
    const closed = { uid: 'blackout-1@partyflamingo.example', title: 'Closed (Fourth of July)', description: 'Closed', firstDay: '2026-07-04', lastDay: '2026-07-05' };
    const write = () => unfold(calendarText([closed], { prodId: { company: 'partyflamingo.example', product: 'Staff calendar' } }));
    const zone = process.env.TZ;
    const written: string[] = [];
    try {
      // The machine's zone never moves a date: the far ends of the world's zones write the same days.
      for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        written.push(write().replace(/^DTSTAMP:.*\r\n/m, ''));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(new Set(written).size).toBe(1);
    expect(written[0]).toContain('DTSTART;VALUE=DATE:20260704\r\n');
    expect(written[0]).toContain('DTEND;VALUE=DATE:20260706\r\n');
    expect(written[0]).toContain('TRANSP:TRANSPARENT\r\n');
    expect(written[0]).not.toContain('URL');
  });
});
