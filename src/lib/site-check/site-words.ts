import { HARD_SURFACES, surfaceLabels, surfaceWords, type SiteRules } from '../business';
import { checkSite, DEFAULT_OUTLET_RUN_FT, generatorsNeeded, type SiteLoad, type SiteUnit } from './check-site';
import { NOT_SURE, SITE_FIELDS } from './site-answer-values';
import type { SiteRefusalRef } from './site-override';
import { SURFACE_ES } from './site-spanish';
import type { SiteAnswers } from './site-answers';

/**
 * The yard as the people after the booking read it (issue #38): the crew's short line and the office's
 * plain rows of the customer's answers, what a booked setup takes on the truck, and the customer's own
 * "how to get ready" from the booked products' requirements. Pure; the answers are the booking's, as
 * checkout (or staff) stored them.
 */

/** A setup as the crew see it: what it takes on the truck, and the outlet distance its answers name. */
export interface SiteLoadout {
  load: SiteLoad;
  /** The shortest run any powered unit allows; null when no unit of the booking needs power. */
  outletRunFt: number | null;
}

/** A placed booking's setup. */
export interface BookedSite extends SiteLoadout {
  /**
   * The booking's generators that its outlet answer ("no") brought, at most as many as it has: the check
   * added them, not a person. A change leaves them out of the items and lets the check decide again, so
   * an outlet found later takes the generator and its price off the booking.
   */
  outletGenerators: { product: string; quantity: number } | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const joined = (parts: readonly string[], conjunction = 'and') => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} ${conjunction} ${parts.at(-1)}`);

/**
 * The engine's load for a placed booking: its products and its stored answers, by the same rules as
 * checkout priced it (sandbags on hard ground, stakes on grass or turf, a cord per outlet when there is
 * one in reach). The generators are the owner's generator product among the booking's own items,
 * whatever brought them (the check at booking, or the customer choosing one): nothing is added now.
 */
export function bookedSite(units: readonly SiteUnit[], answers: SiteAnswers, rules: SiteRules, overridden: readonly SiteRefusalRef[] = []): BookedSite {
  const isGenerator = (u: SiteUnit) => rules.generatorProductSlug !== null && u.slug === rules.generatorProductSlug;
  const rest = units.filter((u) => !isGenerator(u));
  const generators = units.filter(isGenerator).reduce((n, u) => n + u.count, 0);
  const check = checkSite({ units: rest, answers, rules, nights: 0, generator: null, generatorsInCart: generators, answersRequired: false });
  const brought = answers.outlet === 'no' ? Math.min(generators, generatorsNeeded(rest, rules)) : 0;
  const anchoring = overriddenAnchoring(rest, answers.surface, overridden);
  return {
    load: { ...check.load, stakes: check.load.stakes + anchoring.stakes, sandbags: check.load.sandbags + anchoring.sandbags },
    outletRunFt: rest.some((u) => u.needs.outletsRequired > 0) ? check.outletRunFt : null,
    outletGenerators: brought > 0 ? { product: rules.generatorProductSlug!, quantity: brought } : null,
  };
}

/**
 * What the setup spot must offer for a booking's products, whatever the customer answered: the largest
 * space any unit needs, the outlets the powered ones draw together on the strongest circuit any asks
 * for, the widest access, the highest ceiling (asked of an indoor spot only) and whether any takes a
 * hose. What the day-before "Please clear …" is made of (sitePreparation), kept with the booking.
 */
export interface SetupSpot {
  space: { l: number; w: number } | null;
  outlets: number;
  amps: number | null;
  accessIn: number | null;
  ceilingFt: number | null;
  water: boolean;
}

/** What the booked products ask of the setup spot, by their requirements as they are now. */
export function setupSpot(units: readonly SiteUnit[]): SetupSpot {
  const powered = units.filter((u) => u.needs.outletsRequired > 0);
  return {
    space: largestSpace(units),
    outlets: powered.reduce((n, u) => n + u.needs.outletsRequired * u.count, 0),
    amps: most(powered.map((u) => u.needs.circuitAmps), Math.max),
    accessIn: most(units.map((u) => u.needs.accessWidthIn), Math.max),
    ceilingFt: most(units.map((u) => u.needs.clearanceFt), Math.max),
    water: units.some((u) => u.needs.waterHookup),
  };
}

/**
 * What a booking keeps of its setup (bookings.site_load), worked out when it is placed or changed: the
 * gear the crew load, the outlet distance its answers were checked against (null: no unit needed
 * power) and what the setup spot must offer (`spot`: the day-before "Please clear …"). A booking kept
 * before the distance or the spot were (no `outletRunFt`, no `spot`) has them worked out as now.
 */
export interface KeptSiteLoad extends SiteLoad {
  outletRunFt?: number | null;
  spot?: SetupSpot;
}

/** What a placed or changed booking keeps of its setup (bookings.site_load): its loadout and what its products ask of the spot. */
export const keptLoad = ({ load, outletRunFt }: SiteLoadout, units: readonly SiteUnit[]): KeptSiteLoad => ({
  stakes: load.stakes,
  sandbags: load.sandbags,
  cords: load.cords,
  generators: load.generators,
  outletRunFt,
  spot: setupSpot(units),
});

/**
 * A placed booking's setup as everyone after the booking reads it (the crew's day, the office's card, the
 * customer's reminders and tracking page): its gear and outlet distance as it was booked and kept with it
 * (`kept.load`, bookings.site_load), so a product's rules or the owner's site rules changed since do not
 * change what goes on the truck nor what the customer was told. A booking from before the setup was kept
 * (null) has it worked out from the products as they are now, the ground staff booked over
 * (`kept.override`) anchored too.
 */
export function keptSite(units: readonly SiteUnit[], answers: SiteAnswers, rules: SiteRules, kept: { load: KeptSiteLoad | null; override: { refusals: readonly SiteRefusalRef[] } | null }): BookedSite {
  const site = bookedSite(units, answers, rules, kept.override?.refusals ?? []);
  if (!kept.load) return site;
  const { stakes, sandbags, cords, generators, outletRunFt } = kept.load;
  return { ...site, load: { stakes, sandbags, cords, generators }, outletRunFt: outletRunFt === undefined ? site.outletRunFt : outletRunFt };
}

/**
 * What a placed booking's setup spot must offer, as the customer is told it the day before: what the
 * booking kept (`spot` in bookings.site_load), so a product's space, access, ceiling, power or water
 * edited since does not change it; worked out from the products as they are now for a booking kept
 * before it was (null, or no `spot`).
 */
export const keptSpot = (units: readonly SiteUnit[], kept: KeptSiteLoad | null): SetupSpot => kept?.spot ?? setupSpot(units);

/**
 * The anchoring of the units staff booked over a ground refusal (the check counts none for a unit it
 * refuses, so the crew would set it up with nothing to hold it down): what the ground answered takes
 * (sandbags on hard ground, stakes on soft), or, for a unit that has none for that ground (a slide that
 * is only staked, booked on concrete because it goes on the lawn beside it), the anchoring it has.
 */
export function overriddenAnchoring(units: readonly SiteUnit[], surface: SiteAnswers['surface'], overridden: readonly SiteRefusalRef[]): Pick<SiteLoad, 'stakes' | 'sandbags'> {
  const load = { stakes: 0, sandbags: 0 };
  if (surface === undefined) return load;
  const hard = HARD_SURFACES.includes(surface);
  for (const u of units) {
    if (!overridden.some((r) => r.field === SITE_FIELDS.surface && r.product === u.slug)) continue;
    const stakes = (u.needs.stakesNeeded ?? 0) * u.count;
    const sandbags = (u.needs.sandbagsNeeded ?? 0) * u.count;
    // Sandbags on hard ground when it has them; stakes otherwise, unless it has none.
    const bagged = hard ? sandbags > 0 : stakes === 0;
    if (bagged) load.sandbags += sandbags;
    else load.stakes += stakes;
  }
  return load;
}

const outletLabel = (outletRunFt: number | null) => (outletRunFt === null ? 'Outlet in reach' : `Outlet within ${outletRunFt} ft`);

/**
 * The answers in plain words, a row each, for the office (the booking's "Setup spot"): only what was
 * answered; what was not is among the flags.
 */
export function siteAnswerRows(answers: SiteAnswers, site: SiteLoadout): [string, string][] {
  const rows: [string, string][] = [];
  if (answers.surface) rows.push(['Ground', surfaceLabels[answers.surface]]);
  if (answers.outlet) {
    const generators = site.load.generators;
    const no = generators > 0 ? `No: we bring ${generators === 1 ? 'a generator' : `${generators} generators`}` : 'No';
    rows.push([outletLabel(site.outletRunFt), { yes: 'Yes', no, [NOT_SURE]: 'Not sure' }[answers.outlet]]);
  }
  if (answers.accessInches !== undefined) rows.push(['Narrowest gate or door', answers.accessInches === NOT_SURE ? 'Not sure' : `${answers.accessInches} in`]);
  if (answers.stairFlights !== undefined) rows.push(['Stairs', answers.stairFlights === 0 ? 'None' : `${plural(answers.stairFlights, 'flight')} to carry`]);
  if (answers.ceilingFt !== undefined) rows.push(['Ceiling', answers.ceilingFt === NOT_SURE ? 'Not sure' : `${answers.ceilingFt} ft`]);
  return rows;
}

/**
 * The crew's line for a stop: "Concrete · no outlet: generator · gate 40 in · 1 flight". Empty when
 * nothing was answered (the flags say what to ask).
 */
export function siteSummary(answers: SiteAnswers, site: SiteLoadout): string {
  const parts: string[] = [];
  if (answers.surface) parts.push(capital(surfaceWords[answers.surface]));
  if (answers.outlet === 'yes') parts.push(site.outletRunFt === null ? 'outlet in reach' : `outlet within ${site.outletRunFt} ft`);
  if (answers.outlet === 'no') parts.push(site.load.generators === 0 ? 'no outlet' : `no outlet: ${site.load.generators === 1 ? 'generator' : `${site.load.generators} generators`}`);
  if (answers.outlet === NOT_SURE) parts.push('outlet not sure');
  if (answers.accessInches !== undefined) parts.push(answers.accessInches === NOT_SURE ? 'gate not sure' : `gate ${answers.accessInches} in`);
  if (answers.stairFlights !== undefined) parts.push(answers.stairFlights === 0 ? 'no stairs' : plural(answers.stairFlights, 'flight'));
  if (answers.ceilingFt !== undefined) parts.push(answers.ceilingFt === NOT_SURE ? 'ceiling not sure' : `ceiling ${answers.ceilingFt} ft`);
  return parts.join(' · ');
}

/** "4 sandbags, 6 stakes, 1 extension cord, 1 generator": what to load beyond the units; '' for nothing. */
export function loadWords(load: SiteLoad): string {
  const parts: [number, string][] = [
    [load.sandbags, 'sandbag'],
    [load.stakes, 'stake'],
    [load.cords, 'extension cord'],
    [load.generators, 'generator'],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one]) => plural(n, one))
    .join(', ');
}

/** The largest of the units' spaces (by area), as "19 × 19 ft". */
function largestSpace(units: readonly SiteUnit[]): { l: number; w: number } | null {
  let best: { l: number; w: number } | null = null;
  for (const { needs } of units) {
    if (needs.spaceLengthFt === null || needs.spaceWidthFt === null) continue;
    if (!best || needs.spaceLengthFt * needs.spaceWidthFt > best.l * best.w) best = { l: needs.spaceLengthFt, w: needs.spaceWidthFt };
  }
  return best;
}

const most = (values: readonly (number | null)[], pick: (...v: number[]) => number) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? pick(...known) : null;
};

/** What the setup spot must offer for the booked products, before it is put in words. */
interface Preparation {
  space: { l: number; w: number } | null;
  surface: SiteAnswers['surface'];
  /** Generators we bring instead of the outlet (no outlet in reach), or the outlets the customer provides. */
  power: { generators: number } | { outlets: number; runFt: number; amps: number | null } | null;
  accessIn: number | null;
  ceilingFt: number | null;
  water: boolean;
}

function preparationOf(spot: SetupSpot, answers: SiteAnswers, site: SiteLoadout): Preparation {
  const power =
    spot.outlets === 0
      ? null
      : answers.outlet === 'no' && site.load.generators > 0
        ? { generators: site.load.generators }
        : { outlets: spot.outlets, runFt: site.outletRunFt ?? DEFAULT_OUTLET_RUN_FT, amps: spot.amps };
  return { space: spot.space, surface: answers.surface, power, accessIn: spot.accessIn, ceilingFt: answers.surface === 'indoor' ? spot.ceilingFt : null, water: spot.water };
}

/**
 * What the customer gets ready the day before, from what the booked products ask of the spot (setupSpot,
 * as the booking kept it: keptSpot) and the customer's answers: "Please clear 19 × 19 ft of level
 * grass, with an outlet within 50 ft on a 20-amp circuit, a gate or door at least 36 in wide on the way
 * and a garden hose spigot nearby." The outlet distance the booking was checked against; a generator
 * we bring instead of the outlet; the ceiling only for an indoor spot. Null when the
 * booking's products ask nothing of the yard and no ground was given. In the booking's language.
 */
export function sitePreparation(spot: SetupSpot, answers: SiteAnswers, site: SiteLoadout, language: 'en' | 'es' = 'en'): string | null {
  const p = preparationOf(spot, answers, site);
  const withParts = language === 'es' ? preparationPartsEs(p) : preparationParts(p);
  if (!p.space && !p.surface && withParts.length === 0) return null;
  return language === 'es' ? preparationSentenceEs(p, withParts) : preparationSentence(p, withParts);
}

function preparationParts(p: Preparation): string[] {
  const parts: string[] = [];
  if (p.power && 'generators' in p.power) parts.push(p.power.generators === 1 ? 'room for the generator we bring' : `room for the ${p.power.generators} generators we bring`);
  else if (p.power) {
    const { outlets, runFt, amps } = p.power;
    const what = outlets === 1 ? 'an outlet' : `${outlets} outlets`;
    parts.push(`${what} within ${runFt} ft${amps ? ` on ${outlets === 1 ? 'a' : 'separate'} ${amps}-amp circuit${outlets === 1 ? '' : 's'}` : ''}`);
  }
  if (p.accessIn !== null) parts.push(`a gate or door at least ${p.accessIn} in wide on the way`);
  if (p.ceilingFt !== null) parts.push(`a ceiling at least ${p.ceilingFt} ft high`);
  if (p.water) parts.push('a garden hose spigot nearby');
  return parts;
}

function preparationSentence({ space, surface }: Preparation, withParts: string[]): string {
  const size = space && `${space.l} × ${space.w} ft`;
  const spot = size
    ? surface === 'indoor'
      ? `${size} of floor indoors`
      : `${size} of level ${surface ? surfaceWords[surface] : 'ground'}`
    : surface
      ? `the setup spot ${surface === 'indoor' ? 'indoors' : `on the ${surfaceWords[surface]}`}`
      : 'the setup spot';
  return `Please clear ${spot}${withParts.length ? `, with ${joined(withParts)}` : ''}.`;
}

function preparationPartsEs(p: Preparation): string[] {
  const parts: string[] = [];
  if (p.power && 'generators' in p.power) parts.push(p.power.generators === 1 ? 'espacio para el generador que llevamos' : `espacio para los ${p.power.generators} generadores que llevamos`);
  else if (p.power) {
    const { outlets, runFt, amps } = p.power;
    const what = outlets === 1 ? 'un enchufe' : `${outlets} enchufes`;
    parts.push(`${what} a menos de ${runFt} pies${amps ? ` en ${outlets === 1 ? 'un circuito' : 'circuitos separados'} de ${amps} amperios` : ''}`);
  }
  if (p.accessIn !== null) parts.push(`un portón o puerta de al menos ${p.accessIn} pulgadas de ancho en el camino`);
  if (p.ceilingFt !== null) parts.push(`un techo de al menos ${p.ceilingFt} pies de alto`);
  if (p.water) parts.push('una llave de agua para manguera cerca');
  return parts;
}

function preparationSentenceEs({ space, surface }: Preparation, withParts: string[]): string {
  const size = space && `${space.l} × ${space.w} pies`;
  const spot = size
    ? surface === 'indoor'
      ? `${size} de piso bajo techo`
      : `${size} de ${surface ? SURFACE_ES[surface] : 'terreno'} plano`
    : surface
      ? `el lugar de instalación ${surface === 'indoor' ? 'bajo techo' : `sobre el ${SURFACE_ES[surface]}`}`
      : 'el lugar de instalación';
  return `Por favor, deje libre ${spot}${withParts.length ? `, con ${joined(withParts, 'y')}` : ''}.`;
}

/**
 * The customer's answers repeated back in a sentence, so a change is caught the day before: "You told
 * us: concrete, no outlet in reach (we bring a generator), a gate 40 in wide, 1 flight of stairs."
 * Null when nothing was answered.
 */
export function siteToldUs(answers: SiteAnswers, site: SiteLoadout, language: 'en' | 'es' = 'en'): string | null {
  if (language === 'es') return siteToldUsEs(answers, site);
  const parts: string[] = [];
  if (answers.surface) parts.push(answers.surface === 'indoor' ? 'set up indoors' : surfaceWords[answers.surface]);
  const within = site.outletRunFt === null ? 'in reach' : `within ${site.outletRunFt} ft`;
  if (answers.outlet === 'yes') parts.push(`an outlet ${within}`);
  if (answers.outlet === 'no') parts.push(`no outlet ${within}${site.load.generators > 0 ? ` (we bring ${site.load.generators === 1 ? 'a generator' : `${site.load.generators} generators`})` : ''}`);
  if (answers.outlet === NOT_SURE) parts.push(`not sure of an outlet ${within}`);
  if (typeof answers.accessInches === 'number') parts.push(`a gate or door ${answers.accessInches} in wide`);
  if (answers.accessInches === NOT_SURE) parts.push('not sure how wide the gate is');
  if (answers.stairFlights !== undefined) parts.push(answers.stairFlights === 0 ? 'no stairs' : `${plural(answers.stairFlights, 'flight')} of stairs`);
  if (typeof answers.ceilingFt === 'number') parts.push(`a ceiling ${answers.ceilingFt} ft high`);
  if (answers.ceilingFt === NOT_SURE) parts.push('not sure how high the ceiling is');
  return parts.length ? `You told us: ${parts.join(', ')}.` : null;
}

/** The same sentence for a Spanish customer (issue #40): "Nos dijo: concreto, sin enchufe a menos de 50 pies (llevamos un generador), …". */
function siteToldUsEs(answers: SiteAnswers, site: SiteLoadout): string | null {
  const parts: string[] = [];
  const many = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;
  if (answers.surface) parts.push(answers.surface === 'indoor' ? 'instalación bajo techo' : SURFACE_ES[answers.surface]);
  const within = site.outletRunFt === null ? 'al alcance' : `a menos de ${site.outletRunFt} pies`;
  if (answers.outlet === 'yes') parts.push(`un enchufe ${within}`);
  if (answers.outlet === 'no') parts.push(`sin enchufe ${within}${site.load.generators > 0 ? ` (llevamos ${site.load.generators === 1 ? 'un generador' : `${site.load.generators} generadores`})` : ''}`);
  if (answers.outlet === NOT_SURE) parts.push(`no sabe si hay un enchufe ${within}`);
  if (typeof answers.accessInches === 'number') parts.push(`un portón o puerta de ${answers.accessInches} pulgadas de ancho`);
  if (answers.accessInches === NOT_SURE) parts.push('no sabe qué tan ancho es el portón');
  if (answers.stairFlights !== undefined) parts.push(answers.stairFlights === 0 ? 'sin escaleras' : `${many(answers.stairFlights, 'tramo', 'tramos')} de escaleras`);
  if (typeof answers.ceilingFt === 'number') parts.push(`un techo de ${answers.ceilingFt} pies de alto`);
  if (answers.ceilingFt === NOT_SURE) parts.push('no sabe qué tan alto es el techo');
  return parts.length ? `Nos dijo: ${parts.join(', ')}.` : null;
}

/**
 * A booking's flag as the "Call about:" list reads it: "Not sure: an outlet within 75 ft" becomes "an
 * outlet within 75 ft (not sure)"; a flag of another shape stays as it is.
 */
export function callAboutWords(flag: string): string {
  const match = /^(Not sure|Not answered): (.+)$/.exec(flag);
  return match ? `${match[2]} (${match[1]!.toLowerCase()})` : flag;
}
