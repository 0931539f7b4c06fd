/**
 * Ground a unit can be set up on. Kept apart from the zod schemas (catalog/schema) so the checkout
 * island can list them without loading zod with the page.
 */
export const surfaces = ['grass', 'concrete', 'asphalt', 'indoor', 'artificial-turf'] as const;
export type Surface = (typeof surfaces)[number];

/** Ground a stake cannot go into: a unit that is anchored is held down with sandbags there. */
export const HARD_SURFACES: readonly Surface[] = ['concrete', 'asphalt', 'indoor'];

/** Each surface as a list or a question names it. */
export const surfaceLabels: Record<Surface, string> = {
  grass: 'Grass',
  concrete: 'Concrete',
  asphalt: 'Asphalt',
  indoor: 'Indoors (gym, hall, warehouse)',
  'artificial-turf': 'Artificial turf',
};

/** Each surface as a sentence names it: "set up on concrete", "set up indoors". */
export const surfaceWords: Record<Surface, string> = {
  grass: 'grass',
  concrete: 'concrete',
  asphalt: 'asphalt',
  indoor: 'indoors',
  'artificial-turf': 'artificial turf',
};
