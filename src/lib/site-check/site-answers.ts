import { z } from '../validation';
import { surfaces } from '../business';
import { MAX_STAIR_FLIGHTS, NOT_SURE, OUTLET_ANSWERS } from './site-answer-values';


const orNotSure = <T extends z.ZodType>(measure: T, error: string) => z.union([z.literal(NOT_SURE), measure], { error });

/**
 * What the customer says of the setup spot at checkout (each question asked only when the cart needs
 * it; see siteQuestions). The same schema checks the form in the browser and the request on the
 * server, which decides what the answers mean. Left out: not answered.
 */
export const siteAnswers = z.object({
  surface: z.enum(surfaces, { error: 'Choose the ground the setup spot is on' }).optional(),
  outlet: z.enum(OUTLET_ANSWERS, { error: 'Choose yes, no or not sure' }).optional(),
  accessInches: orNotSure(
    // multipleOf, not int: zod's int() is a type check, so a gate of 36.5 in failed both of the union's
    // choices as "not a number" and got the union's message instead of this one.
    z.number().multipleOf(1, 'Whole inches, please').min(12, 'At least 12 inches: measure the narrowest gate or door').max(240, 'At most 240 inches'),
    'Enter the width in inches, or choose not sure',
  ).optional(),
  stairFlights: z
    .number({ error: 'Choose how many flights of stairs' })
    .int('Choose how many flights of stairs')
    .min(0, 'Cannot be negative')
    .max(MAX_STAIR_FLIGHTS, `At most ${MAX_STAIR_FLIGHTS} flights: call us for anything higher`)
    .optional(),
  ceilingFt: orNotSure(z.number().min(6, 'At least 6 ft').max(99, 'At most 99 ft'), 'Enter the height in feet, or choose not sure').optional(),
});
export type SiteAnswers = z.infer<typeof siteAnswers>;
