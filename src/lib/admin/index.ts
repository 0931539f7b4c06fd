// The front door of the admin shell: its navigation and the date-range presets of its reports. Pure and safe in
// the browser.
export { adminSections } from './navigation';
export { monthBounds } from './range-presets';
export { analyticsPresets, type DateRangeValue, type RangePreset, reportPresets } from './range-presets';
