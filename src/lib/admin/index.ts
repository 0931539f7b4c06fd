// The front door of the admin shell: its navigation and the date-range presets of its reports. Pure and safe in
// the browser.
export { type AdminSection, adminSections, sectionRole } from './navigation';
export { analyticsPresets, type DateRangeValue, monthBounds, type RangePreset, reportPresets } from './range-presets';
