import { describe, expect, it } from 'vitest';
import { isDeskField, totalNote } from './desk-form';

describe('isDeskField', () => {
  it('shows the yard answers’ 400s at their question and the override’s at its card; the rest goes to the alert', () => {
    expect(['site.accessInches', 'site.outlet', 'site.surface', 'siteOverride.reason', 'address.surface', 'items.0.quantity'].every(isDeskField)).toBe(true);
    expect(['bookingId', 'zip', 'sitePhotos'].filter(isDeskField)).toEqual([]);
  });
});

describe('totalNote', () => {
  it.each([
    ['asking', '(updating)'],
    // An end before the start asks nothing: the bar promised an update that never came.
    ['typing', '(not updated)'],
    [null, null],
  ] as const)('a price %s: %s', (waiting, note) => {
    expect(totalNote(waiting)).toBe(note);
  });
});
