import { randomInt } from 'node:crypto';

// Reference numbers for everything a customer quotes back to the business (bookings, quote
// requests, cake orders, form submissions). A module of their own, not lib/booking's, so a feature
// that hands out numbers does not depend on bookings.

// No 0/O, 1/I/L: numbers are read out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 'BB-7K3Q9X' (the prefix is the business's setting, or Q, CK…): short, unguessable enough with an e-mail check, easy to say aloud. */
export function newReference(prefix: string, length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}
