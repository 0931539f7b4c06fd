/**
 * A product or a category the site does not have, each a whole sentence the server's Spanish catalog
 * knows (embed-refusals.test.ts), not one made from the field's English name.
 */
export const NOT_FOUND = { product: 'We have no product by that name', category: 'We have no category by that name' } as const;
