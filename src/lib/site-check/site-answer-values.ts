// The questions' and answers' fixed values, apart from the answers' schema (site-answers.ts) and the
// engine (check-site.ts): what the checkout's first script needs (which field is which question), in a
// module of its own. A module the checkout reaches is in its first script whole: with the schema beside
// NOT_SURE, zod came into every checkout (about 21 KB compressed), and with the engine beside the fields,
// the engine did (about 1.5 KB), for carts that ask nothing. Both are needed only by the questions (loaded
// when a cart asks one) and the booking's own schema (loaded to send).

/** The questions checkout may ask, in the order it asks them. */
export const SITE_QUESTIONS = ['surface', 'outlet', 'access', 'stairs', 'ceiling'] as const;
export type SiteQuestion = (typeof SITE_QUESTIONS)[number];

/** The request field each question's answer is, where a refusal is shown. */
export const SITE_FIELDS: Record<SiteQuestion, string> = {
  surface: 'site.surface',
  outlet: 'site.outlet',
  access: 'site.accessInches',
  stairs: 'site.stairFlights',
  ceiling: 'site.ceilingFt',
};

export const ANSWER_PLEASE = 'Please answer this one: we need it to bring the right gear.';

/** "Not sure", where the owner allows it: the booking is taken and flagged for a call. */
export const NOT_SURE = 'unsure';

export const OUTLET_ANSWERS = ['yes', 'no', NOT_SURE] as const;
export type OutletAnswer = (typeof OUTLET_ANSWERS)[number];

export const MAX_STAIR_FLIGHTS = 10;
