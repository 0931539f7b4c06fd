import { stateName } from '../business';
import { listOf } from '../locations';
import { usTimeZones } from './us-time-zones';

/**
 * Whether the business's time zone is one its state uses: a Texas business on New York's clock would
 * send every delivery window and reminder an hour off. Checked by clock (the time a zone keeps all year),
 * not by zone name, so Detroit's and New York's zones are both Eastern time; Arizona's own clock (no
 * daylight saving) is told apart from the Mountain time Colorado keeps, Hawaii's from the Aleutians'.
 * Pure, for the setup's address step and the settings' Business profile alike.
 */
type UsTimeZoneId = (typeof usTimeZones)[number]['id'];

const clocks = {
  eastern: 'Eastern',
  central: 'Central',
  mountain: 'Mountain',
  arizona: 'Mountain (no daylight saving)',
  pacific: 'Pacific',
  alaska: 'Alaska',
  aleutian: 'Hawaii–Aleutian',
  hawaii: 'Hawaii',
  atlantic: 'Atlantic',
} as const;
type Clock = keyof typeof clocks;

const zoneClocks: Record<UsTimeZoneId, Clock> = {
  'America/New_York': 'eastern',
  'America/Detroit': 'eastern',
  'America/Indiana/Indianapolis': 'eastern',
  'America/Kentucky/Louisville': 'eastern',
  'America/Chicago': 'central',
  'America/Indiana/Knox': 'central',
  'America/Menominee': 'central',
  'America/North_Dakota/Center': 'central',
  'America/Denver': 'mountain',
  'America/Boise': 'mountain',
  'America/Phoenix': 'arizona',
  'America/Los_Angeles': 'pacific',
  'America/Anchorage': 'alaska',
  'America/Adak': 'aleutian',
  'Pacific/Honolulu': 'hawaii',
  'America/Puerto_Rico': 'atlantic',
};

const each = (clock: Clock, states: string) => Object.fromEntries(states.split(' ').map((s) => [s, [clock]]));

/**
 * The clocks kept in each state, the one most of it keeps first. A state split between two (Texas's El
 * Paso on Mountain time, Florida's panhandle on Central) accepts both; Arizona keeps its own clock, the
 * Navajo Nation Mountain time. A territory none of the zones on offer fits (Guam, American Samoa, the
 * Northern Marianas) is not checked: it has no right answer to pick.
 */
export const stateClocks: Readonly<Record<string, readonly Clock[]>> = {
  ...each('eastern', 'CT DC DE GA MA MD ME NC NH NJ NY OH PA RI SC VA VT WV'),
  ...each('central', 'AL AR IA IL LA MN MO MS OK WI'),
  ...each('mountain', 'CO MT NM UT WY'),
  ...each('pacific', 'CA WA'),
  ...each('atlantic', 'PR VI'),
  HI: ['hawaii'],
  AK: ['alaska', 'aleutian'],
  AZ: ['arizona', 'mountain'],
  FL: ['eastern', 'central'],
  IN: ['eastern', 'central'],
  KY: ['eastern', 'central'],
  MI: ['eastern', 'central'],
  TN: ['eastern', 'central'],
  KS: ['central', 'mountain'],
  NE: ['central', 'mountain'],
  ND: ['central', 'mountain'],
  SD: ['central', 'mountain'],
  TX: ['central', 'mountain'],
  ID: ['mountain', 'pacific'],
  NV: ['pacific', 'mountain'],
  OR: ['pacific', 'mountain'],
};

/**
 * Why the time zone does not fit the business's state, or null when it does, or when the state or the
 * zone is not one the table knows (their own checks say so). A state of one clock names the zones that
 * keep it as the select shows them ("Colorado uses Mountain time: choose Mountain (Denver) or Mountain
 * (Boise)."), since Phoenix's zone is Mountain time too but without daylight saving; a state of two
 * names its clocks ("Texas uses Central or Mountain time: choose one of those.").
 */
export function timeZoneStateProblem(stateCode: string, timezone: string): string | null {
  const kept = stateClocks[stateCode];
  const clock = zoneClocks[timezone as UsTimeZoneId] as Clock | undefined;
  if (!kept || !clock || kept.includes(clock)) return null;
  const uses = `${stateName(stateCode)} uses ${kept.map((c) => clocks[c]).join(' or ')} time`;
  if (kept.length > 1) return `${uses}: choose one of those.`;
  const fitting = usTimeZones.filter((z) => zoneClocks[z.id] === kept[0]).map((z) => z.label);
  return `${uses}: choose ${listOf(fitting, 'or')}.`;
}
