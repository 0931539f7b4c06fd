import { codeLabels } from '../labels';

/**
 * The life of a cake order as staff move it through the kitchen. Pure, so the board shows only the
 * moves the server will accept and unit tests pin the rules down.
 */

export const cakeStatuses = ['new', 'confirmed', 'baking', 'ready', 'delivered', 'cancelled'] as const;
export type CakeStatus = (typeof cakeStatuses)[number];

export const cakeStatusLabels = codeLabels(cakeStatuses);

/**
 * The cake pipeline: forward one step, back one step (a mis-click or an order re-opened before
 * the cake exists), or cancelled until the cake has left the kitchen. Delivered and cancelled
 * are final: a cake cannot be un-baked, and a cancelled order is re-ordered, not revived.
 */
export const cakeTransitions: Record<CakeStatus, CakeStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['baking', 'new', 'cancelled'],
  baking: ['ready', 'confirmed', 'cancelled'],
  ready: ['delivered', 'baking'],
  delivered: [],
  cancelled: [],
};

export function canMoveCake(from: CakeStatus, to: CakeStatus): boolean {
  return cakeTransitions[from].includes(to);
}

/** The one forward step the board offers as its main button, or null at the end of the line. */
export function nextCakeStatus(from: CakeStatus): CakeStatus | null {
  const order: CakeStatus[] = ['new', 'confirmed', 'baking', 'ready', 'delivered'];
  const index = order.indexOf(from);
  return index >= 0 && index < order.length - 1 ? order[index + 1]! : null;
}
