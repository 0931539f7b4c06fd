/**
 * The cake menu: what a customer can choose on a cake's order form. Browser-safe content, used by
 * the order form, the schema and the price rule. Flavours and standard fillings and frostings are
 * included in the base price; premium ones add to it (see cake-pricing.ts).
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

export const MAX_CAKE_TIERS = 5;

/**
 * What each cake's base price covers. The base price of a cake product always covers its smallest
 * size; these are the demo cakes' smallest sizes as their descriptions state them. A cake staff add
 * later starts at DEFAULT_CAKE_BASE until it is listed here.
 */
export interface CakeBase {
  servings: number;
  tiers: number;
  /** Sheet cakes are single-layer slabs: they are not stacked. */
  maxTiers: number;
}

export const DEFAULT_CAKE_BASE: CakeBase = { servings: 12, tiers: 1, maxTiers: MAX_CAKE_TIERS };

export const CAKE_BASES: Readonly<Record<string, CakeBase>> = {
  'classic-round-birthday-cake': { servings: 16, tiers: 1, maxTiers: 3 },
  'party-sheet-cake': { servings: 24, tiers: 1, maxTiers: 1 },
  'pink-flamingo-two-tier-cake': { servings: 30, tiers: 2, maxTiers: 3 },
  'three-tier-celebration-cake': { servings: 60, tiers: 3, maxTiers: MAX_CAKE_TIERS },
};

export function cakeBase(productSlug: string): CakeBase {
  return CAKE_BASES[productSlug] ?? DEFAULT_CAKE_BASE;
}

export const choiceLabel = (choices: readonly CakeChoice[], id: string | null | undefined) => choices.find((c) => c.id === id)?.label ?? id ?? '';
