import { HARD_SURFACES, surfaces, surfaceWords, type SiteRules, type Surface } from '../business';
import type { SiteRequirements } from '../catalog';
import { ANSWER_PLEASE, NOT_SURE, SITE_FIELDS, SITE_QUESTIONS, type SiteQuestion } from './site-answer-values';
import type { SiteAnswers } from './site-answers';


/** A product of the cart as the yard sees it: packages are their items, each counted. */
export interface SiteUnit {
  slug: string;
  name: string;
  count: number;
  needs: SiteRequirements;
  /** The package it comes in, when it is a package's item: a refusal names it, as the cart shows the package. */
  within?: string | undefined;
}

export interface SiteCheckInput {
  units: readonly SiteUnit[];
  answers: SiteAnswers;
  rules: SiteRules;
  /** Nights the rentals stay set up (from the event's window): 0 for a one-day party. */
  nights: number;
  /** The owner's generator product as the catalog has it; null when there is none to bring. */
  generator: { slug: string; name: string } | null;
  /** Generators the cart already has (the customer added one): they count toward the outlets. */
  generatorsInCart: number;
  /**
   * A booking being placed: a question left unanswered is refused unless the owner allows "not sure"
   * (then flagged). A price is asked while the customer types: unanswered is only unanswered.
   */
  answersRequired: boolean;
}

/** An automatic line of the price, in whole cents. */
export interface SiteCharge {
  label: string;
  reason: string;
  cents: number;
}

export interface SiteRefusal {
  /** The request field it belongs to: `site.*`, or `event` for a stay the product cannot make. */
  field: string;
  /** The product refused, or null when the business does not serve the answer at all. */
  product: string | null;
  message: string;
}

/** What the crew loads for this setup beyond the units themselves. */
export interface SiteLoad {
  stakes: number;
  sandbags: number;
  cords: number;
  generators: number;
}

export interface SiteCheck {
  /** What checkout asks for this cart (and these answers: the ceiling only indoors). Empty: no new question. */
  questions: SiteQuestion[];
  /** Asked and not answered. */
  unanswered: SiteQuestion[];
  /** The distance the outlet question names: the shortest run any powered unit allows. */
  outletRunFt: number;
  /** The circuit the outlets must be on, when a product says. */
  circuitAmps: number | null;
  charges: SiteCharge[];
  /** Generators to add to the cart as lines of their own (with their price and stock). */
  generatorsToAdd: number;
  refusals: SiteRefusal[];
  /** What staff must call about: "not sure" answers and unanswered questions. */
  flags: string[];
  load: SiteLoad;
}


/** The run an outlet question names when no product of the cart sets one: most operators' cords. */
export const DEFAULT_OUTLET_RUN_FT = 100;

const on = (surface: Surface) => (surface === 'indoor' ? 'indoors' : `on ${surfaceWords[surface]}`);
const orList = (words: readonly string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A unit as a refusal names it: with the package it comes in, which is what the customer sees in the cart. */
const named = (u: SiteUnit) => (u.within ? `${u.name} (in the ${u.within})` : u.name);
/** A product the ground matters to: one that some ground refuses, or one that is staked or sandbagged down. */
const anchored = (u: SiteUnit) =>
  (u.needs.surfaces.length > 0 && surfaces.some((s) => !u.needs.surfaces.includes(s))) || (u.needs.stakesNeeded ?? 0) > 0 || (u.needs.sandbagsNeeded ?? 0) > 0;

/** Which questions a cart needs: a cart whose products have no rule needs none. */
export function siteQuestions(units: readonly SiteUnit[], answers: Pick<SiteAnswers, 'surface'>): SiteQuestion[] {
  const asked: Record<SiteQuestion, boolean> = {
    surface: units.some(anchored),
    outlet: units.some((u) => u.needs.outletsRequired > 0),
    access: units.some((u) => u.needs.accessWidthIn !== null),
    stairs: units.some((u) => u.needs.maxStairFlights !== null),
    ceiling: answers.surface === 'indoor' && units.some((u) => u.needs.clearanceFt !== null),
  };
  return SITE_QUESTIONS.filter((q) => asked[q]);
}

/** The generators a spot with no outlet in reach needs for these units: one for every `outletsPerGenerator` outlets they draw. */
export const generatorsNeeded = (units: readonly SiteUnit[], rules: Pick<SiteRules, 'outletsPerGenerator'>) =>
  Math.ceil(units.reduce((sum, u) => sum + u.needs.outletsRequired * u.count, 0) / rules.outletsPerGenerator);

const answerOf = (answers: SiteAnswers, question: SiteQuestion) =>
  ({ surface: answers.surface, outlet: answers.outlet, access: answers.accessInches, stairs: answers.stairFlights, ceiling: answers.ceilingFt })[question];

/**
 * The customer's answers held against each product's requirements and the owner's rules: what is
 * fine, what adds a line (sandbags, stairs, overnight, a generator), what is refused and why (at its
 * field, naming the product and what would work), and what staff must call about. Pure: the public
 * price, the booking, the staff desk and the customer's own changes all ask it, so the price is the
 * same on every path.
 */
export function checkSite(input: SiteCheckInput): SiteCheck {
  const { units, answers, rules } = input;
  const questions = siteQuestions(units, answers);
  const charges: SiteCharge[] = [];
  const refusals: SiteRefusal[] = [];
  const flags: string[] = [];
  const load: SiteLoad = { stakes: 0, sandbags: 0, cords: 0, generators: input.generatorsInCart };
  const refuse = (question: SiteQuestion | 'event', product: SiteUnit | null, message: string) =>
    refusals.push({ field: question === 'event' ? 'event' : SITE_FIELDS[question], product: product?.slug ?? null, message });
  /** "Not sure": the owner allows it and staff call, or it must be answered. */
  const notSure = (question: SiteQuestion, about: string) => {
    if (rules.allowNotSure) flags.push(`Not sure: ${about}`);
    else refuse(question, null, ANSWER_PLEASE);
  };

  /** A measured answer (a gate's width, a ceiling's height) against what each product needs of it. */
  const measured = (question: SiteQuestion, given: number | typeof NOT_SURE | undefined, about: string, needOf: (needs: SiteRequirements) => number | null, refusal: (u: SiteUnit, needs: number, given: number) => string) => {
    if (!questions.includes(question) || given === undefined) return;
    if (given === NOT_SURE) return notSure(question, about);
    for (const u of units) {
      const needs = needOf(u.needs);
      if (needs !== null && needs > given) refuse(question, u, refusal(u, needs, given));
    }
  };

  const powered = units.filter((u) => u.needs.outletsRequired > 0);
  const runs = powered.map((u) => u.needs.outletRunFt).filter((r): r is number => r !== null);
  const outletRunFt = runs.length ? Math.min(...runs) : DEFAULT_OUTLET_RUN_FT;
  const amps = powered.map((u) => u.needs.circuitAmps).filter((a): a is number => a !== null);
  const circuitAmps = amps.length ? Math.max(...amps) : null;
  const outletsNeeded = powered.reduce((sum, u) => sum + u.needs.outletsRequired * u.count, 0);
  let generatorsToAdd = 0;

  const unanswered = questions.filter((q) => answerOf(answers, q) === undefined);
  for (const q of unanswered) {
    if (input.answersRequired && !rules.allowNotSure) refuse(q, null, ANSWER_PLEASE);
    else flags.push(`Not answered: ${{ surface: 'the ground', outlet: `an outlet within ${outletRunFt} ft`, access: 'the narrowest gate', stairs: 'stairs', ceiling: 'the ceiling height' }[q]}`);
  }

  const surface = questions.includes('surface') ? answers.surface : undefined;
  if (surface !== undefined) {
    if (!rules.servedSurfaces.includes(surface)) {
      refuse('surface', null, `We don’t set up ${on(surface)}. Choose ${orList(rules.servedSurfaces.map((s) => surfaceWords[s]))}.`);
    }
    for (const u of units) {
      const allowed = u.needs.surfaces.filter((s) => rules.servedSurfaces.includes(s));
      if (u.needs.surfaces.length > 0 && !u.needs.surfaces.includes(surface)) {
        refuse('surface', u, `The ${named(u)} can’t be set up ${on(surface)}.${allowed.length ? ` It needs ${orList(allowed.map((s) => surfaceWords[s]))}.` : ''}`);
        continue;
      }
      if (!anchored(u)) continue;
      if (HARD_SURFACES.includes(surface)) {
        const sandbags = u.needs.sandbagsNeeded ?? 0;
        if (sandbags > 0) {
          load.sandbags += sandbags * u.count;
          if (rules.sandbagSetFeeCents > 0) {
            charges.push({ label: `Sandbags: ${u.name}`, reason: `${plural(sandbags * u.count, 'sandbag')} to hold it down ${on(surface)}`, cents: rules.sandbagSetFeeCents * u.count });
          }
        }
        if (rules.hardSurfaceFeeCents > 0) {
          charges.push({ label: `Hard-surface setup: ${u.name}`, reason: `Set up ${on(surface)}`, cents: rules.hardSurfaceFeeCents * u.count });
        }
      } else {
        load.stakes += (u.needs.stakesNeeded ?? 0) * u.count;
      }
    }
  }

  if (questions.includes('outlet') && answers.outlet !== undefined) {
    if (answers.outlet === 'no') {
      if (input.generator) {
        const wanted = generatorsNeeded(units, rules);
        generatorsToAdd = Math.max(0, wanted - input.generatorsInCart);
        load.generators += generatorsToAdd;
      } else {
        for (const u of powered) refuse('outlet', u, `The ${named(u)} needs an outlet within ${outletRunFt} ft, and we have no generator to bring. Choose a spot near an outlet.`);
      }
    } else {
      load.cords += outletsNeeded;
      if (answers.outlet === NOT_SURE) notSure('outlet', `an outlet within ${outletRunFt} ft`);
    }
  }

  measured('access', answers.accessInches, 'the narrowest gate or door', (n) => n.accessWidthIn, (u, needs, width) => `The ${named(u)} needs a gate or door at least ${needs} in wide on the way to the setup spot; yours is ${width} in.`);

  const flights = questions.includes('stairs') ? (answers.stairFlights ?? 0) : 0;
  if (flights > 0) {
    for (const u of units) {
      const most = u.needs.maxStairFlights;
      if (most !== null && flights > most) {
        refuse('stairs', u, most === 0 ? `The ${named(u)} can’t be carried up or down stairs.` : `The ${named(u)} can be carried up at most ${plural(most, 'flight')} of stairs.`);
      }
    }
    if (rules.stairsFeePerFlightCents > 0) {
      charges.push({ label: 'Stairs', reason: `${plural(flights, 'flight')} of stairs to the setup spot`, cents: rules.stairsFeePerFlightCents * flights });
    }
  }

  measured('ceiling', answers.ceilingFt, 'the ceiling height', (n) => n.clearanceFt, (u, needs, height) => `The ${named(u)} needs a ceiling at least ${needs} ft high; yours is ${height} ft.`);

  if (input.nights > 0) {
    for (const u of units) {
      if (u.needs.overnightAllowed === false) refuse('event', u, `The ${named(u)} can’t stay set up overnight: choose a one-day event, or another product.`);
    }
    if (rules.overnightFeeCents > 0 && units.some((u) => u.needs.overnightAllowed === true)) {
      charges.push({ label: 'Overnight', reason: `Left set up ${plural(input.nights, 'night')}`, cents: rules.overnightFeeCents * input.nights });
    }
  }

  return { questions, unanswered, outletRunFt, circuitAmps, charges, generatorsToAdd, refusals, flags, load };
}

/** The automatic lines together. */
export const siteChargesCents = (charges: readonly SiteCharge[]) => charges.reduce((sum, c) => sum + c.cents, 0);
