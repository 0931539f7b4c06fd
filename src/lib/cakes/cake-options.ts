/**
 * The cake menu: what a customer can choose on a cake's order form. Browser-safe content, used by
 * the order form, the schema and the price rule. Flavours and standard fillings and frostings are
 * included in the base price; premium ones add to it (see cake-pricing.ts). A cake's sizes are product
 * data: the catalog's cake-sizes.ts.
 */
export interface CakeChoice {
  id: string;
  label: string;
  premium?: boolean;
}

export const CAKE_FLAVOURS: readonly CakeChoice[] = [
  { id: 'vanilla', label: 'Vanilla' },
  { id: 'chocolate', label: 'Chocolate' },
  { id: 'strawberry', label: 'Strawberry' },
  { id: 'funfetti', label: 'Funfetti' },
  { id: 'marble', label: 'Marble' },
  { id: 'lemon', label: 'Lemon' },
  { id: 'red-velvet', label: 'Red velvet' },
];

export const CAKE_FILLINGS: readonly CakeChoice[] = [
  { id: 'buttercream', label: 'Buttercream (same as the frosting)' },
  { id: 'raspberry-jam', label: 'Raspberry jam' },
  { id: 'chocolate-ganache', label: 'Chocolate ganache', premium: true },
  { id: 'fresh-strawberries', label: 'Fresh strawberries and cream', premium: true },
  { id: 'lemon-curd', label: 'Lemon curd', premium: true },
  { id: 'cream-cheese', label: 'Cream cheese', premium: true },
];

export const CAKE_FROSTINGS: readonly CakeChoice[] = [
  { id: 'vanilla-buttercream', label: 'Vanilla buttercream' },
  { id: 'chocolate-buttercream', label: 'Chocolate buttercream' },
  { id: 'whipped-cream', label: 'Whipped cream' },
  { id: 'cream-cheese', label: 'Cream cheese frosting', premium: true },
  { id: 'fondant', label: 'Smooth fondant', premium: true },
];

/** Sizes offered, by servings. A cake's order form offers those from its base size up. */
export const CAKE_SERVING_SIZES = [12, 16, 20, 24, 30, 36, 40, 48, 50, 60, 72, 80, 96, 100, 120, 150] as const;

export const choiceLabel = (choices: readonly CakeChoice[], id: string | null | undefined) => choices.find((c) => c.id === id)?.label ?? id ?? '';
