import { z } from './zod';

/** A whole number of `unit` between `min` and `max`, with messages staff can act on ("At least 1 hour"). */
export const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .number({ error: `Enter a number of ${unit}` })
    .int(`Use whole ${unit}`)
    .min(min, `At least ${min} ${min === 1 ? unit.slice(0, -1) : unit}`)
    .max(max, `At most ${max} ${unit}`);
