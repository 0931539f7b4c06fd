import { labelledOptions } from '../labels';

/** The US time zones a business can pick (IANA names; the label is what the select shows). */
export const usTimeZones = labelledOptions({
  'America/New_York': 'Eastern (New York)',
  'America/Detroit': 'Eastern (Detroit)',
  'America/Indiana/Indianapolis': 'Eastern (Indianapolis)',
  'America/Kentucky/Louisville': 'Eastern (Louisville)',
  'America/Chicago': 'Central (Chicago)',
  'America/Indiana/Knox': 'Central (Knox, Indiana)',
  'America/Menominee': 'Central (Menominee)',
  'America/North_Dakota/Center': 'Central (North Dakota)',
  'America/Denver': 'Mountain (Denver)',
  'America/Boise': 'Mountain (Boise)',
  'America/Phoenix': 'Mountain, no daylight saving (Phoenix)',
  'America/Los_Angeles': 'Pacific (Los Angeles)',
  'America/Anchorage': 'Alaska (Anchorage)',
  'America/Adak': 'Hawaii–Aleutian (Adak)',
  'Pacific/Honolulu': 'Hawaii (Honolulu)',
  'America/Puerto_Rico': 'Atlantic (Puerto Rico)',
});
