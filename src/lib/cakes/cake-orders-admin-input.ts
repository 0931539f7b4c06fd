import { z } from '../validation';
import { dateRange, listQuery, optionalEnum, rangeInOrder } from '../lists';
import { cakeStatuses } from './cake-status';

/** What the cake pipeline sends: the list's filters, a status move or staff notes. */
export const cakeListQuery = listQuery(['neededOn', 'created', 'number', 'name', 'price'], 'neededOn', 'asc')
  .extend({ status: optionalEnum(cakeStatuses, 'Choose a cake order status'), ...dateRange })
  .superRefine(rangeInOrder);
export type CakeListQuery = z.infer<typeof cakeListQuery>;

export const cakeUpdateInput = z
  .object({
    status: z.enum(cakeStatuses, { error: 'Choose a status from the pipeline' }).optional(),
    staffNotes: z.string().trim().max(4000, 'Write at most 4000 characters').optional(),
    /** With a move to ready or delivered: e-mail the customer about it (cake-notice-email.ts). */
    notifyCustomer: z.boolean({ error: 'notifyCustomer is true or false' }).optional(),
  })
  .refine((v) => v.status !== undefined || v.staffNotes !== undefined, { message: 'Nothing to change', path: ['status'] })
  .refine((v) => !v.notifyCustomer || v.status === 'ready' || v.status === 'delivered', {
    message: 'The customer can be told when the cake is ready or delivered',
    path: ['notifyCustomer'],
  });
export type CakeUpdateInput = z.infer<typeof cakeUpdateInput>;
