import { describe, expect, it } from 'vitest';
import { fieldErrors, submissionId } from '../../../tests/support/form-errors';
import { productSuggestion } from './suggestion-form';

describe('product suggestion', () => {
  it('needs only what to suggest; a link must be a web address', () => {
    expect(productSuggestion.safeParse({ submissionId, what: 'Foam party machine' }).success).toBe(true);
    expect(fieldErrors(productSuggestion.safeParse({ submissionId, what: 'Foam party', link: 'javascript:alert(1)' }))).toEqual({ link: 'Enter a full web address starting with https://' });
  });
});
