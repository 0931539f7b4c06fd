// DOOR_HEADER
export { getSettings, isDemoBusiness, saveSettings, settingsFromRow, SettingsMissingError, type SettingsRow } from './settings.server';
