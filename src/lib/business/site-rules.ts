import { z } from '../validation';
import { surfaces } from './surfaces';

const fee = z.number({ error: 'Enter an amount' }).int('Whole cents only').min(0, 'Cannot be negative').max(100_000, 'At most $1,000');
const help = z.string().trim().max(300, 'At most 300 characters');

/**
 * The owner's rules for the customer's yard (Settings → Site rules): what the business serves at all,
 * what it charges for a harder setup, and the help under each checkout question. Each product's own
 * requirements are in the catalog; src/lib/site-check holds both against the customer's answers.
 */
export const siteRules = z.object({
  /** Ground the business sets up on at all: any other answer is refused whatever the cart. */
  servedSurfaces: z.array(z.enum(surfaces, { error: 'Unknown surface' })).min(1, 'Choose at least one surface').max(surfaces.length),
  /** Each anchored unit set up on hard ground (concrete, asphalt, indoors) takes a set of sandbags. */
  sandbagSetFeeCents: fee,
  /** Each anchored unit on hard ground, for the longer setup (tarp, padding): 0 for none. */
  hardSurfaceFeeCents: fee,
  /** For each flight of stairs between the truck and the setup spot. */
  stairsFeePerFlightCents: fee,
  /** For each night the rentals stay set up. */
  overnightFeeCents: fee,
  /**
   * The catalog product added, with its own price and stock, when there is no outlet in reach;
   * null: the business cannot serve a powered unit without one.
   */
  generatorProductSlug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a product')
    .nullable(),
  /** Blowers one generator runs: a cart needing more outlets gets more generators. */
  outletsPerGenerator: z.number({ error: 'Enter a number' }).int('Enter a whole number').min(1, 'At least 1').max(6, 'At most 6'),
  /** Customers may answer "Not sure": the booking is taken and flagged for a call. Otherwise an answer is required. */
  allowNotSure: z.boolean({ error: 'Choose whether customers may answer “Not sure”' }),
  /** The help under each question at checkout; '' shows none. */
  help: z.object({ surface: help, outlet: help, access: help, stairs: help, ceiling: help }),
});
export type SiteRules = z.infer<typeof siteRules>;

/** What a new business starts with, and the demo: most operators' FAQ in numbers. */
export const DEFAULT_SITE_RULES: SiteRules = {
  servedSurfaces: [...surfaces],
  sandbagSetFeeCents: 2500,
  hardSurfaceFeeCents: 0,
  stairsFeePerFlightCents: 2500,
  overnightFeeCents: 5000,
  generatorProductSlug: null,
  outletsPerGenerator: 2,
  allowNotSure: true,
  help: {
    surface: 'Where the unit will stand. Water slides go on grass or turf only.',
    outlet: 'A regular outdoor or garage outlet. Our cords are 50 ft each; please don’t use your own extension cords.',
    access: 'Measure the narrowest gate, door or path between the street and the setup spot.',
    stairs: 'Count each flight of steps the crew must carry the units up or down.',
    ceiling: 'From the floor to the lowest beam, light or fan.',
  },
};
