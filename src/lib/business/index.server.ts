// The front door of the business's own settings (profile, hours, rules) as every feature reads them; the
// admin's settings screens are lib/settings. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { getBusinessClock, getSettings, isDemoBusiness, savedTimeZone, saveSettings, settingsFromRow, SettingsMissingError, type SettingsRow } from './settings.server';
