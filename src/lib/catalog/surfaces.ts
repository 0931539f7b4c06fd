/**
 * Ground a unit can be set up on. Kept apart from the zod schemas in ./schema so the checkout island
 * can list them without loading zod with the page.
 */
export const surfaces = ['grass', 'concrete', 'asphalt', 'indoor', 'artificial-turf'] as const;
export type Surface = (typeof surfaces)[number];
