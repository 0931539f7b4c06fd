import { listQuery } from '../lists';
import { z } from '../validation';

/** GET /api/admin/inbox: new or handled messages (contact and support forms, private feedback), searched, newest first by default. */
export const inboxListQuery = listQuery(['created', 'name'], 'created', 'desc').extend({
  tab: z.enum(['new', 'handled', 'all'], { error: 'Show new, handled or all' }).default('new'),
  kind: z.enum(['', 'contact', 'support', 'feedback'], { error: 'Kind is contact, support or feedback' }).default(''),
});
export type InboxListQuery = z.infer<typeof inboxListQuery>;

/** PATCH /api/admin/inbox/{id}: mark a message handled, or new again. */
export const inboxUpdateInput = z.object({
  handled: z.boolean({ error: 'handled is true or false' }),
});
export type InboxUpdateInput = z.infer<typeof inboxUpdateInput>;

/** feedback: the private answer to a review request (src/lib/customer-messages), never published. */
export const inboxKindLabels = {
  contact: 'Contact form',
  support: 'Support request',
  feedback: 'Private feedback',
} as const;
export type InboxKind = keyof typeof inboxKindLabels;
