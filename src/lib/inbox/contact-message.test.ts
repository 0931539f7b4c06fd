import { describe, expect, it } from 'vitest';
import { fieldErrors, submissionId } from '../../../tests/support/form-errors';
import { contactMessage } from './contact-message';

describe('contact message', () => {
  it('asks for a real message', () => {
    expect(fieldErrors(contactMessage.safeParse({ submissionId, kind: 'support', name: 'Pat', email: 'x', message: 'hi' }))).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com',
      message: 'Tell us a little more (at least 10 characters)',
    });
  });
});
