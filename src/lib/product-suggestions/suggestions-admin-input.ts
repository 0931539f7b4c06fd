import { z } from '../validation';
import { listQuery, optionalEnum } from '../lists';

/** What the product suggestions screen sends: the list's filters, reviewed or not, a note. */
export const suggestionListQuery = listQuery(['created', 'what', 'status'], 'created', 'desc').extend({
  status: optionalEnum(['new', 'reviewed'] as const, 'Choose new or reviewed'),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuery>;

export const suggestionUpdateInput = z
  .object({
    status: z.enum(['new', 'reviewed'], { error: 'Choose new or reviewed' }).optional(),
    staffNote: z.string().trim().max(2000, 'Write at most 2000 characters').optional(),
  })
  .refine((v) => v.status !== undefined || v.staffNote !== undefined, { message: 'Nothing to change', path: ['status'] });
export type SuggestionUpdateInput = z.infer<typeof suggestionUpdateInput>;
