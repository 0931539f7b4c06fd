import { z } from '../validation';
import { honeypot, optionalEmail, optionalText, submissionId } from '../forms';

/** POST /api/product-suggestions: "Suggest a rental". Only `what` is required; name and e-mail are optional. */
export const productSuggestion = z.object({
  submissionId,
  website: honeypot,
  what: z
    .string({ error: 'Tell us which rental you would like' })
    .trim()
    .min(2, 'Tell us which rental you would like')
    .max(200, 'Use at most 200 characters'),
  why: optionalText(2000),
  link: z
    .string()
    .trim()
    .max(500, 'Use at most 500 characters')
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Enter a full web address starting with https://')
    .optional(),
  name: z.string().trim().max(120, 'Use at most 120 characters').optional(),
  email: optionalEmail,
});
export type ProductSuggestion = z.infer<typeof productSuggestion>;
export type ProductSuggestionInput = z.input<typeof productSuggestion>;

export interface SuggestionReceived {
  reference: string;
}
