/** The US time zones a business can pick (IANA names; the label is what the select shows). */
export const usTimeZones = [
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Detroit', label: 'Eastern (Detroit)' },
  { id: 'America/Indiana/Indianapolis', label: 'Eastern (Indianapolis)' },
  { id: 'America/Kentucky/Louisville', label: 'Eastern (Louisville)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/Indiana/Knox', label: 'Central (Knox, Indiana)' },
  { id: 'America/Menominee', label: 'Central (Menominee)' },
  { id: 'America/North_Dakota/Center', label: 'Central (North Dakota)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Boise', label: 'Mountain (Boise)' },
  { id: 'America/Phoenix', label: 'Mountain, no daylight saving (Phoenix)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'America/Adak', label: 'Hawaii–Aleutian (Adak)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;
