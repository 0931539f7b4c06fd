import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: numbers are read out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 'PF-7K3Q9X': short, unguessable enough with an e-mail check, easy to say aloud. */
export function newReference(prefix: string, length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}
