import { useSyncExternalStore } from 'react';
import { cartStore, type Cart } from './cart-store';

const subscribe = (listener: () => void) => cartStore().subscribe(listener);
const getSnapshot = () => cartStore().get();
// The server (and the first hydration pass) cannot see localStorage: null means "not known yet",
// so a page never flashes "your cart is empty" before the real cart is read.
const getServerSnapshot = () => null;

/** The cart, kept in sync with other islands on the page and other tabs; null until hydrated. */
export function useCart(): Cart | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export const updateCart = (change: (cart: Cart) => Cart) => cartStore().update(change);
