import { z } from '../validation';

/** POST /api/admin/bookings/{id}/links: which of the booking's links get a new secret (the old ones stop working). */
export const linksToRotate = ['invoice', 'guest', 'both'] as const;
export type LinksToRotate = (typeof linksToRotate)[number];
export const rotateLinksBody = z.object({
  links: z.enum(linksToRotate, { error: 'Choose invoice, guest or both' }),
});
