import { z } from '../validation';
import type { Surface } from '../business';

/**
 * What one product needs of the customer's setup spot (issue #38). Null (and an empty surface list) is
 * "no rule": a table set asks nothing of the yard. src/lib/site-check holds these against the answers.
 */
export interface SiteRequirements {
  /** Ground it may stand on. */
  surfaces: Surface[];
  /** Stakes that hold it down on grass or turf. */
  stakesNeeded: number | null;
  /** Sandbags that hold it down on concrete, asphalt or indoors (a sandbag set). */
  sandbagsNeeded: number | null;
  spaceLengthFt: number | null;
  spaceWidthFt: number | null;
  /** Overhead room it needs: indoors, the ceiling's height. */
  clearanceFt: number | null;
  outletsRequired: number;
  /** The longest run from an outlet it allows (its cords). */
  outletRunFt: number | null;
  /** The circuit each outlet must be on. */
  circuitAmps: number | null;
  waterHookup: boolean;
  /** The narrowest gate or door it fits through, rolled up on its dolly. */
  accessWidthIn: number | null;
  /** Flights of stairs the crew may carry it (0: ground level only). */
  maxStairFlights: number | null;
  /** Whether it may stay set up overnight. */
  overnightAllowed: boolean | null;
}

/** The same as a products row holds them (numeric columns read as strings by a plain select, numbers by JSON). */
export interface SiteRequirementsRow {
  surfaces: Surface[];
  stakes_needed: number | null;
  sandbags_needed: number | null;
  space_length_ft: string | number | null;
  space_width_ft: string | number | null;
  clearance_ft: string | number | null;
  outlets_required: number;
  outlet_run_ft: number | null;
  circuit_amps: number | null;
  water_hookup: boolean;
  access_width_in: number | null;
  max_stair_flights: number | null;
  overnight_allowed: boolean | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

export const siteRequirementsFromRow = (r: SiteRequirementsRow): SiteRequirements => ({
  surfaces: r.surfaces,
  stakesNeeded: r.stakes_needed,
  sandbagsNeeded: r.sandbags_needed,
  spaceLengthFt: num(r.space_length_ft),
  spaceWidthFt: num(r.space_width_ft),
  clearanceFt: num(r.clearance_ft),
  outletsRequired: r.outlets_required,
  outletRunFt: r.outlet_run_ft,
  circuitAmps: r.circuit_amps,
  waterHookup: r.water_hookup,
  accessWidthIn: r.access_width_in,
  maxStairFlights: r.max_stair_flights,
  overnightAllowed: r.overnight_allowed,
});

/** The product's own columns of the requirements that are new with issue #38 (the rest were there before). */
type RuleKey = 'stakesNeeded' | 'sandbagsNeeded' | 'clearanceFt' | 'outletRunFt' | 'circuitAmps' | 'accessWidthIn' | 'maxStairFlights' | 'overnightAllowed';
/** A rule left out of a staff save is undefined (keep the stored one); see filledColumns and sentColumns. */
export const siteRequirementColumns = (p: { [K in RuleKey]?: SiteRequirements[K] | undefined }) => ({
  stakes_needed: p.stakesNeeded,
  sandbags_needed: p.sandbagsNeeded,
  clearance_ft: p.clearanceFt,
  outlet_run_ft: p.outletRunFt,
  circuit_amps: p.circuitAmps,
  access_width_in: p.accessWidthIn,
  max_stair_flights: p.maxStairFlights,
  overnight_allowed: p.overnightAllowed,
});

const whole = (min: number, max: number, unit: string) =>
  z
    .number({ error: `Enter a whole number of ${unit}` })
    .int(`Enter a whole number of ${unit}`)
    .min(min, `At least ${min} ${unit}`)
    .max(max, `At most ${max} ${unit}`)
    .nullable()
    .default(null);

/**
 * The requirement fields of a product as staff, the import and the seed write them (beside the
 * surfaces, space, outlets and water the product had before): left out or null, no rule.
 */
export const siteRequirementFields = {
  stakesNeeded: whole(0, 40, 'stakes'),
  sandbagsNeeded: whole(0, 40, 'sandbags'),
  clearanceFt: z.number({ error: 'Enter a number of feet' }).positive('Must be more than 0').max(99, 'At most 99 ft').nullable().default(null),
  outletRunFt: whole(10, 500, 'feet'),
  circuitAmps: whole(10, 60, 'amps'),
  accessWidthIn: whole(12, 240, 'inches'),
  maxStairFlights: whole(0, 10, 'flights'),
  overnightAllowed: z.boolean({ error: 'Choose yes or no' }).nullable().default(null),
};

/** A product's new requirement fields all empty: no rule (fixtures, and what the import reads from blank cells). */
export const NO_SITE_RULES = {
  stakesNeeded: null,
  sandbagsNeeded: null,
  clearanceFt: null,
  outletRunFt: null,
  circuitAmps: null,
  accessWidthIn: null,
  maxStairFlights: null,
  overnightAllowed: null,
} as const;

/** A product that asks nothing of the yard: a package's own row, a party supply, a fixture. */
export const NO_SITE_REQUIREMENTS: SiteRequirements = {
  ...NO_SITE_RULES,
  surfaces: [],
  spaceLengthFt: null,
  spaceWidthFt: null,
  outletsRequired: 0,
  waterHookup: false,
};
