import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { WAIVER_RULES, WAIVER_VERSION } from '../../../src/lib/waivers/waiver-text';
import { dateFromToday } from './bookings';
import { humanChecked } from './human-check';

/** A quote request sent as the public form sends it (the castle, for 25 guests, on a day two to ten months ahead, unless `fields` say otherwise); its number. */
export async function requestQuote(request: APIRequestContext, fields: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/quotes', await humanChecked({
    data: {
      submissionId: randomUUID(),
      website: '',
      eventType: 'birthday',
      eventDate: dateFromToday(60 + Math.floor(Math.random() * 240)),
      guestCount: 25,
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }],
      email: `quoter.${randomUUID().slice(0, 8)}@example.com`,
      ...fields,
    },
  }));
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { quoteNumber: string }).quoteNumber;
}

/** A booking's waiver signed with a typed signature, as the signing page sends it: `signer` and `guests` under the current text. */
export async function signWaiver(request: APIRequestContext, booking: { number: string; email: string }, signer: string, guests: { name: string; age: number }[] = []): Promise<void> {
  const signed = await request.post('/api/waivers', await humanChecked({
    data: {
      submissionId: randomUUID(),
      website: '',
      access: { bookingNumber: booking.number, email: booking.email },
      waiverVersion: WAIVER_VERSION,
      signerName: signer,
      signerEmail: `${signer.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      adults: [{ name: signer }],
      guests,
      acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])),
      consent: true,
      signatureKind: 'typed',
      typedSignature: signer,
    },
  }));
  expect(signed.status(), await signed.text()).toBe(201);
}
