import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '../business/schema';
import { contactBusinessEmail, contactCustomerEmail, type ContactSummary } from '../inbox/contact-emails';
import { suggestionBusinessEmail, suggestionCustomerEmail } from '../product-suggestions/suggestion-emails';
import { quoteBusinessEmail, quoteCustomerEmail, type QuoteSummary } from '../quote-requests/quote-request-emails';
import { cakeBusinessEmail, cakeCustomerEmail, type CakeOrderSummary } from '../cakes/cake-order-emails';
import { waiverSignerEmail } from '../waivers/waiver-emails';
import { acknowledgementCapNotice, capReached } from './unverified-mail';
import type { RenderedEmail } from './rendered-email';

/**
 * Acknowledgements to addresses nobody has verified carry only the business's words and catalog
 * data: whatever a stranger types into a form (here, spam) must never reach the recipient. The
 * business's own notices keep everything.
 */
const settings = {
  businessName: 'Pink Flamingo Party Rentals',
  phone: '(512) 555-0100',
  email: 'hello@pinkflamingo.example',
  addressLine1: '100 Main St',
  addressCity: 'Round Rock',
} as BusinessSettings;
const SPAM = 'Cheap pills at spam.example';
const all = (m: RenderedEmail) => [m.subject, m.text, m.html, ...(m.attachments ?? []).map((a) => a.filename)].join('\n');
const spamFree = (m: RenderedEmail) => expect(all(m)).not.toMatch(/spam|pills|Visit/i);

describe('acknowledgements to unverified addresses', () => {
  const contact: ContactSummary = { kind: 'contact', name: 'Visit spam.example', email: 'x@example.com', phone: '', subject: SPAM, message: SPAM, bookingNumber: 'PF-SPAMSPAM' };

  it('contact and support: the business’s words only; the notice to the business has the whole message', () => {
    for (const kind of ['contact', 'support'] as const) {
      const ack = contactCustomerEmail({ ...contact, kind }, settings);
      spamFree(ack);
      expect(ack.text).not.toContain('PF-SPAMSPAM');
      expect(ack.to).toBe('x@example.com');
      expect(ack.text).toContain(settings.phone);
    }
    const notice = contactBusinessEmail(contact, settings, 'inbox@pinkflamingo.example');
    expect(notice.text).toContain(SPAM);
    expect(notice.text).toContain('Visit spam.example');
  });

  it('a rental suggestion: neither the suggestion nor its link', () => {
    const s = { what: SPAM, why: SPAM, link: 'https://spam.example/offer', name: 'Visit spam.example', email: 'x@example.com' };
    spamFree(suggestionCustomerEmail(s, settings));
    expect(suggestionBusinessEmail(s, settings, 'https://site.example', 'inbox@pinkflamingo.example').text).toContain('https://spam.example/offer');
  });

  it('a quote request: catalog items, date and number, not the details or the typed name', () => {
    const q: QuoteSummary = {
      number: 'Q-ABC123', name: 'Visit spam.example', email: 'x@example.com', phone: '', eventType: 'school', eventDate: '2026-12-05', guestCount: 120,
      zip: '78664', items: [{ name: 'Table and chair set', quantity: 2 }], details: SPAM, budgetCents: 90000, outsideServiceArea: false,
    };
    const ack = quoteCustomerEmail(q, settings, 'https://site.example');
    spamFree(ack);
    expect(ack.text).toContain('Q-ABC123');
    expect(ack.text).toContain('Table and chair set × 2');
    expect(ack.text).toContain('Anything else: Received with your request');
    expect(quoteBusinessEmail(q, settings, 'https://site.example', 'inbox@pinkflamingo.example').text).toContain(SPAM);
  });

  it('a cake order: choices and prices, not the words for the cake or the allergies as typed', () => {
    const o: CakeOrderSummary = {
      number: 'CK-ABC123', productName: 'Classic round birthday cake', name: 'Visit spam.example', email: 'x@example.com', phone: '5125550101', servings: 24, tiers: 1,
      flavour: 'funfetti', filling: 'chocolate-ganache', frosting: 'vanilla-buttercream', messageOnCake: SPAM, allergies: SPAM, fulfilment: 'pickup',
      neededOn: '2026-12-05', bookingNumber: null, priceCents: 6500, priceLines: [{ label: 'Cake', amountCents: 6500 }], hasPhoto: false,
    };
    const ack = cakeCustomerEmail(o, settings);
    spamFree(ack);
    expect(ack.text).toContain('Classic round birthday cake');
    expect(ack.text).toContain('Cake total: $65');
    const notice = cakeBusinessEmail(o, settings, 'https://site.example', 'inbox@pinkflamingo.example');
    expect(notice.text).toContain(`Message on the cake: ${SPAM}`);
    expect(notice.text).toContain(`Allergies: ${SPAM}`);
  });

  it('a waiver copy: the booking, the time and the fingerprint, with the signed PDF, but not the typed name in the message', () => {
    const copy = waiverSignerEmail(
      { id: 'w1', bookingNumber: 'PF-ABC123', eventDate: '2026-12-05', signerName: 'Visit spam.example', signerEmail: 'x@example.com', signedAt: 'Dec 1', textSha256: 'abc', pdfUrl: 'https://site.example/api/waivers/w1/pdf?token=t', adults: [], guestCount: 0 },
      settings,
      new Uint8Array([1, 2, 3]),
    );
    spamFree(copy);
    expect(copy.attachments?.[0]?.contentType).toBe('application/pdf');
  });
});

describe('the daily cap notice', () => {
  it('appears once the day’s acknowledgements are used up, counting those withheld', () => {
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 199, withheld: 0, cap: 200 })).toBeNull();
    expect(capReached({ day: '2026-12-01', sent: 200, withheld: 0, cap: 200 })).toBe(true);
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 200, withheld: 0, cap: 200 })).toMatch(/200 form acknowledgements are used up/);
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 200, withheld: 3, cap: 200 })).toMatch(/3 visitors were not sent one/);
    // A cap of 0: none are ever sent, and staff are told.
    expect(acknowledgementCapNotice({ day: '2026-12-01', sent: 0, withheld: 0, cap: 0 })).toMatch(/turned off/);
  });
});
