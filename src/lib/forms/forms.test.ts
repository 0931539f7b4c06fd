import { describe, expect, it } from 'vitest';
import { fieldsFromZod } from '../http/errors';
import { WAIVER_RULES, WAIVER_VERSION } from '../waivers/waiver-text';
import { cakeOrderRequest } from '../cakes/cake-order-form';
import { contactMessage } from '../inbox/contact-message';
import { productSuggestion } from '../product-suggestions/suggestion-form';
import { quoteRequest } from '../quote-requests/quote-request-form';
import { waiverSigning } from '../waivers/waiver-signing';

const id = '3b241101-e2bb-4255-8caf-4136c566a962';
const errors = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldsFromZod(result.error as never));

describe('quote request', () => {
  const valid = { submissionId: id, eventType: 'birthday', eventDate: '2026-12-05', guestCount: 25, zip: '78664', items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], name: 'Pat Doe', email: 'PAT@example.com', phone: '' };

  it('accepts items or free text, and normalises the e-mail', () => {
    expect(quoteRequest.parse(valid).email).toBe('pat@example.com');
    expect(quoteRequest.safeParse({ ...valid, items: [], details: 'Three bounce houses for a school field day' }).success).toBe(true);
  });

  it('needs at least an item or a description, each message on its field', () => {
    expect(errors(quoteRequest.safeParse({ ...valid, items: [], details: '  ' }))).toEqual({ details: 'Pick at least one rental above, or tell us what you have in mind' });
    expect(errors(quoteRequest.safeParse({ ...valid, zip: '7866', eventDate: '2026-02-30', guestCount: Number.NaN, phone: '555' }))).toEqual({
      zip: 'Enter a 5-digit ZIP code',
      eventDate: 'Enter a real date, like 2026-12-05',
      guestCount: 'Enter about how many guests you expect',
      phone: 'Enter a phone number with area code, like (512) 555-0123',
    });
    expect(errors(quoteRequest.safeParse({ ...valid, items: [valid.items[0], valid.items[0]] }))).toEqual({ 'items.1.product': 'This rental is already on your list' });
  });

  it('does not reject a filled honeypot: the server answers bots as if it worked', () => {
    expect(quoteRequest.safeParse({ ...valid, website: 'http://spam.example' }).success).toBe(true);
  });
});

describe('contact and suggestions', () => {
  it('asks for a real message', () => {
    expect(errors(contactMessage.safeParse({ submissionId: id, kind: 'support', name: 'Pat', email: 'x', message: 'hi' }))).toEqual({
      email: 'Enter a valid e-mail address, like name@example.com',
      message: 'Tell us a little more (at least 10 characters)',
    });
  });

  it('needs only what to suggest; a link must be a web address', () => {
    expect(productSuggestion.safeParse({ submissionId: id, what: 'Foam party machine' }).success).toBe(true);
    expect(errors(productSuggestion.safeParse({ submissionId: id, what: 'Foam party', link: 'javascript:alert(1)' }))).toEqual({ link: 'Enter a full web address starting with https://' });
  });
});

describe('cake order', () => {
  const valid = { submissionId: id, product: 'classic-round-birthday-cake', servings: 16, tiers: 1, flavour: 'vanilla', filling: 'buttercream', frosting: 'vanilla-buttercream', fulfilment: 'pickup', neededOn: '2026-12-05', name: 'Pat Doe', email: 'pat@example.com', phone: '512 555 0123' };

  it('needs a date for pickup, and a booking number and e-mail for delivery', () => {
    expect(cakeOrderRequest.safeParse(valid).success).toBe(true);
    expect(errors(cakeOrderRequest.safeParse({ ...valid, neededOn: '' }))).toEqual({ neededOn: 'Choose the pickup date' });
    expect(errors(cakeOrderRequest.safeParse({ ...valid, fulfilment: 'delivery', neededOn: '' }))).toEqual({
      bookingNumber: 'Enter the booking number of your rental',
      bookingEmail: 'Enter the e-mail address you booked the rental with',
    });
  });

  it('only offers the flavours on the menu', () => {
    expect(errors(cakeOrderRequest.safeParse({ ...valid, flavour: 'durian', messageOnCake: 'x'.repeat(81) }))).toEqual({
      flavour: 'Choose a cake flavour',
      messageOnCake: 'Use at most 80 characters',
    });
  });
});

describe('waiver signing', () => {
  const acknowledged = Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true]));
  const valid = {
    submissionId: id,
    access: { bookingNumber: 'pf-7k3q9x', email: 'priya@example.com' },
    waiverVersion: WAIVER_VERSION,
    signerName: 'Priya Raman',
    signerEmail: 'priya@example.com',
    adults: [{ name: 'Priya Raman' }],
    guests: [{ name: 'Maya', age: 7 }],
    acknowledged,
    consent: true,
    signatureKind: 'typed',
    typedSignature: 'priya  raman',
  };

  it('accepts a typed signature that matches the full name', () => {
    const parsed = waiverSigning.parse(valid);
    expect(parsed.access.bookingNumber).toBe('PF-7K3Q9X');
  });

  it('needs every rule ticked, one message per rule', () => {
    const first = WAIVER_RULES[0]!.id;
    expect(errors(waiverSigning.safeParse({ ...valid, acknowledged: { ...acknowledged, [first]: false } }))).toEqual({
      [`acknowledged.${first}`]: 'Tick this box to confirm you have read this rule',
    });
  });

  it('checks the signature the signer chose', () => {
    expect(errors(waiverSigning.safeParse({ ...valid, typedSignature: 'P. R.' }))).toEqual({ typedSignature: 'Type your full name exactly as in “Your full name” above' });
    expect(errors(waiverSigning.safeParse({ ...valid, signatureKind: 'drawn' }))).toEqual({ signatureImage: 'Draw your signature in the box, or choose to type it instead' });
    expect(errors(waiverSigning.safeParse({ ...valid, signatureKind: 'drawn', signatureImage: 'data:image/svg+xml;base64,AAAA' }))).toEqual({
      signatureImage: 'The drawn signature could not be read; please clear it and sign again',
    });
  });

  it('asks for a reload when the waiver text changed while the page was open', () => {
    expect(errors(waiverSigning.safeParse({ ...valid, waiverVersion: '2020-01' }))).toEqual({
      waiverVersion: 'The waiver text was updated while this page was open. Please reload the page and sign again.',
    });
  });
});
