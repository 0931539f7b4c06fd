import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-everything';

describe('the Export everything file name', () => {
  it.each([
    ['2026-12-07T03:30:00Z', 'America/Los_Angeles', 'everything-2026-12-06.zip'],
    ['2026-12-07T03:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
    ['2026-12-06T23:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
  ])('at %s in %s is %s: the business’s day, not UTC’s', (at, timeZone, name) => {
    expect(exportFileName(new Date(at), timeZone)).toBe(name);
  });
});
