import type { Cart } from './cart-store';
import type { CartPageState } from './use-cart-page';

// The filled cart's three parts (PartySection, ItemsSection, PriceSection) share these.

export const smallButton =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border-2 border-brand-700 px-3 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-700';

export interface SectionProps {
  id: string;
  cart: Cart;
  state: CartPageState;
}
