import { AppError } from '../http';

/**
 * The answer to a price asked for a ZIP no service area covers: a normal answer (200), not a refusal.
 * A price is asked while a person is still typing the address (the checkout, the booking desk), and
 * nothing they type may draw an error: a 400 is one in the browser's console. Its words are the
 * booking's refusal's (outOfAreaMessage), for the page to say at the ZIP field; booking that ZIP is
 * still refused, with a 400 at the field.
 */
export interface NotServed {
  served: false;
  message: string;
  /** The request's ZIP field (`zip`), with the same words. */
  fields: Record<string, string>;
}

/** What prepareCart throws for such a ZIP: a 400 at `field` for a booking; a price answers NotServed instead. */
export class ZipNotServed extends AppError {
  constructor(field: string, message: string) {
    super('validation', message, { [field]: message });
  }
}

export const notServed = (field: string, message: string): NotServed => ({
  served: false,
  message,
  fields: { [field]: message },
});

/** Tells a price's NotServed answer from a price (a price has no `served`). */
export const isNotServed = (answer: unknown): answer is NotServed =>
  typeof answer === 'object' && answer !== null && (answer as { served?: unknown }).served === false;

/**
 * The screens keep one state for "no price, and why" (the ZIP's words at its field, the price not
 * updated): a price's answer as it came (a price, NotServed, or a refusal), with a NotServed answer
 * turned into the refusal it replaced, without a refusal on the wire.
 */
export function asPriceRefusal<T, Refused extends { ok: false }>(
  answer: { ok: true; data: T | NotServed } | Refused,
): { ok: true; data: T } | Refused | { ok: false; error: { code: 'validation'; message: string; fields: Record<string, string> } } {
  if (!answer.ok) return answer;
  const { data } = answer;
  return isNotServed(data) ? { ok: false, error: { code: 'validation', message: data.message, fields: data.fields } } : { ok: true, data };
}
