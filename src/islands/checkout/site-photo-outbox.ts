import { publicApi } from '../../lib/paths';
import type { SitePhotosAdded } from '../../lib/site-photos';
import { requestJson } from '../shared/api';

/**
 * The setup spot's photos picked at checkout (issue #38), held here until the booking exists: they go up
 * with its photo key once it is placed, so the booking request stays small and a refused booking sends
 * none. Loaded with the setup-spot questions (and by the checkout only after a booking of a cart that
 * asked them): a cart without rules carries none of this.
 */
let picked: readonly string[] = [];
const listeners = new Set<() => void>();

export const pickedSitePhotos = () => picked;
export function setPickedSitePhotos(next: readonly string[]): void {
  picked = next;
  for (const listener of listeners) listener();
}
export function onPickedSitePhotos(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends what was picked to the new booking; false when they did not arrive (the booking stands either way). */
export async function sendPickedSitePhotos(bookingNumber: string, key: string): Promise<boolean> {
  if (picked.length === 0) return true;
  const result = await requestJson<SitePhotosAdded>(publicApi.sitePhotos, { method: 'POST', json: { bookingNumber, key, photos: picked } });
  if (result.ok) setPickedSitePhotos([]);
  return result.ok;
}
