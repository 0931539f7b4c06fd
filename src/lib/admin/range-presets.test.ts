import { describe, expect, it } from 'vitest';
import { analyticsPresets, monthBounds, reportPresets, shiftDays } from './range-presets';

describe('range presets', () => {
  it('computes month bounds across years and leap Februaries', () => {
    expect(monthBounds('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthBounds('2026-01-31', -2)).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    expect(monthBounds('2026-11-05', 3)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(shiftDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('offers report and analytics presets relative to the business day', () => {
    const reports = Object.fromEntries(reportPresets('2026-01-15').map((p) => [p.label, p.range]));
    expect(reports['Last month']).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(reports['Last year']).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(reports['Next 3 months']).toEqual({ from: '2026-01-15', to: '2026-03-31' });
    const analytics = Object.fromEntries(analyticsPresets('2026-01-15').map((p) => [p.label, p.range]));
    expect(analytics['Last 7 days']).toEqual({ from: '2026-01-09', to: '2026-01-15' });
    expect(analytics['This month']).toEqual({ from: '2026-01-01', to: '2026-01-15' });
  });
});
