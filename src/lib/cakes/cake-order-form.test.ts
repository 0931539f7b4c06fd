import { describe, expect, it } from 'vitest';
import { fieldErrors, submissionId } from '../../../tests/support/form-errors';
import { cakeOrderRequest } from './cake-order-form';

describe('cake order', () => {
  const valid = { submissionId, product: 'classic-round-birthday-cake', servings: 16, tiers: 1, flavour: 'vanilla', filling: 'buttercream', frosting: 'vanilla-buttercream', fulfilment: 'pickup', neededOn: '2026-12-05', name: 'Pat Doe', email: 'pat@example.com', phone: '512 555 0123' };

  it('needs a date for pickup, and a booking number and e-mail for delivery', () => {
    expect(cakeOrderRequest.safeParse(valid).success).toBe(true);
    expect(fieldErrors(cakeOrderRequest.safeParse({ ...valid, neededOn: '' }))).toEqual({ neededOn: 'Choose the pickup date' });
    expect(fieldErrors(cakeOrderRequest.safeParse({ ...valid, fulfilment: 'delivery', neededOn: '' }))).toEqual({
      bookingNumber: 'Enter the booking number of your rental',
      bookingEmail: 'Enter the e-mail address you booked the rental with',
    });
  });

  it('only offers the flavours on the menu', () => {
    expect(fieldErrors(cakeOrderRequest.safeParse({ ...valid, flavour: 'durian', messageOnCake: 'x'.repeat(81) }))).toEqual({
      flavour: 'Choose a cake flavour',
      messageOnCake: 'Use at most 80 characters',
    });
  });
});
