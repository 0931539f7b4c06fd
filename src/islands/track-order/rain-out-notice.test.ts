import { describe, expect, it } from 'vitest';
import { formatsFor, messagesFor } from '../../lib/i18n';
import { rainOutNotice } from './rain-out-notice';
import type { PublicBooking } from './use-track-order';

/** A confirmed party rained out on 2028-01-09, its customer not answered yet. */
const rainedOut = (offers: ('move' | 'credit' | 'refund')[], amountPaidCents: number) =>
  ({
    status: 'confirmed',
    totals: { amountPaidCents },
    rainOut: { rainedOutOn: '2028-01-09', offers, lastDayToAnswer: '2028-01-23' },
  }) as unknown as PublicBooking & { rainOut: NonNullable<PublicBooking['rainOut']> };

describe('the tracking page of a party rained out and not answered yet', () => {
  it.each([
    [
      'en',
      ['move', 'credit', 'refund'],
      12_500,
      'Rained out: your party on Sunday, January 9, 2028 is not going ahead',
      'choose a new date, free of charge, a credit for what you paid or your money back with the link in the e-mail we sent you (“Weather: your party on Sunday, January 9, 2028 can’t go ahead”), by the end of Sunday, January 23, 2028. Nothing is due until you choose.',
    ],
    [
      'es',
      ['credit', 'refund'],
      0,
      'Cancelada por lluvia: su fiesta del domingo, 9 de enero de 2028 no se realizará',
      'elija cancelar sin costo con el enlace del correo que le enviamos («Clima: su fiesta del domingo, 9 de enero de 2028 no puede realizarse»), a más tardar al final del domingo, 23 de enero de 2028.',
    ],
  ] as const)('says in %s that the date was rained out and points to the rain-check choice, with nothing to pay meanwhile', async (locale, offers, paid, step, notice) => {
    const said = rainOutNotice(rainedOut([...offers], paid), (await messagesFor(locale)).trackOrder.timeline, formatsFor(locale), '5125550100');
    expect(said.step).toBe(step);
    expect(said.notice).toContain(notice);
    expect(said.notice).toContain('(512) 555-0100');
  });
});

describe('the choices the tracking page names', () => {
  // The rain-out e-mail's choices (rainCheckChoices), in its order, however staff ticked the offers.
  it.each([
    [['refund', 'credit', 'move'], 12_500, 'choose a new date, free of charge, a credit for what you paid or your money back with'],
    [['refund', 'move'], 0, 'choose a new date, free of charge or to cancel at no charge with'],
    [['refund', 'credit'], 0, 'choose to cancel at no charge with'],
  ] as const)('%j with %i paid: as the e-mail lists them', async (offers, paid, words) => {
    const said = rainOutNotice(rainedOut([...offers], paid), (await messagesFor('en')).trackOrder.timeline, formatsFor('en'), '5125550100');
    expect(said.notice).toContain(words);
  });
});

