// The letters before the dash of a booking number: the business's own (issue 36), so a new
// business's customers never read another business's initials on their booking or invoice.

/**
 * Prefixes other reference numbers already use (cake orders are 'CK-…'): a booking number must not
 * be mistaken for one of them when a customer reads it out.
 */
const TAKEN_PREFIXES: Record<string, string> = { CK: 'cake orders' };

/** Whether other reference numbers already start with these letters. */
export const prefixTaken = (prefix: string): boolean => prefix in TAKEN_PREFIXES;

/**
 * Any booking number, whatever prefix the business had when it was made: the prefix is a setting
 * that can change, and numbers handed out before must keep working (tracking, waivers, invoices).
 * Demo-era and older numbers had 2-4 characters before the dash and 4-10 after.
 */
export const BOOKING_NUMBER = /^[A-Z0-9]{2,4}-[A-Z0-9]{4,10}$/;
/** Said when a typed booking number has the wrong shape: no business's letters in it. */
export const bookingNumberProblem = 'Enter the booking number from your confirmation e-mail: 2 to 4 letters, a dash, then 6 letters and digits';

/** "BB-7K3Q9X": what a form hint shows a customer their booking number looks like. */
export const bookingNumberExample = (prefix: string) => `${prefix}-7K3Q9X`;

// Words that say what the business does or what it is, not which business it is: "Blue Heron Party
// Rentals LLC" is "BH", not "BHPRL". Trade words count only when fewer than two others are left.
const SMALL_WORDS = new Set(['the', 'and', 'of', 'a', 'an', 'for', 'by', 'at', 'in', 'on', 'to', 'n']);
const LEGAL_WORDS = new Set(['llc', 'inc', 'co', 'corp', 'company', 'ltd', 'lp', 'llp', 'pllc']);
const TRADE_WORDS = new Set([
  'party', 'parties', 'rental', 'rentals', 'rent', 'event', 'events', 'inflatable', 'inflatables', 'bounce', 'bouncer',
  'bouncers', 'house', 'houses', 'jump', 'jumps', 'jumpers', 'fun', 'supply', 'supplies', 'services', 'service', 'entertainment',
]);

/**
 * The prefix the setup proposes from the business's name: the initials of the words that name it
 * ("Blue Heron Party Rentals" → "BH"); the trade words count when fewer than two others are left
 * ("Bounce Kings" → "BK"); a name of one word gives its first two letters ("Jumpers LLC" → "JU").
 * Letters only, accents dropped, at most 4; "BK" (booking) when the name has no letters. A prefix
 * other numbers use gets the next letter of its last word ("Cake Kingdom" → "CKI").
 */
export function proposeBookingPrefix(businessName: string): string {
  const words = businessName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z]+/)
    .filter((w) => w !== '' && !SMALL_WORDS.has(w.toLowerCase()));
  const named = words.filter((w) => !LEGAL_WORDS.has(w.toLowerCase()));
  const distinctive = named.filter((w) => !TRADE_WORDS.has(w.toLowerCase()));
  const pick = (distinctive.length >= 2 ? distinctive : named.length > 0 ? named : words).slice(0, 4);
  if (pick.length === 0) return 'BK';
  const single = pick.length === 1;
  const proposal = (single ? pick[0]!.slice(0, 2) : pick.map((w) => w[0]).join('')).toUpperCase();
  if (proposal.length < 2) return 'BK';
  if (!(proposal in TAKEN_PREFIXES)) return proposal;
  const next = (single ? pick[0]![2] : pick.at(-1)![1]) ?? 'B';
  return proposal + next.toUpperCase();
}
