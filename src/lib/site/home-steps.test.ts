import { describe, expect, it } from 'vitest';
import { messagesFor } from '../i18n';
import { homeSteps } from './home-steps';

const values = { offered: 'bounce houses', waiver: '', deposit: '30 %', minimum: '$50', hours: '8 AM–8 PM' };
const stepsOf = async (locale: 'en' | 'es', paymentMode: 'deposit_online' | 'pay_later') =>
  homeSteps((await messagesFor(locale)).home, { paymentMode, phone: '(614) 555-0100' }, values).map((s) => s.text).join(' ');

describe('the home page’s booking steps', () => {
  it('promise the deposit by card only where checkout takes one', async () => {
    expect(await stepsOf('en', 'deposit_online')).toContain('Pay a 30 % deposit (at least $50) by card to reserve your items.');
    expect(await stepsOf('es', 'deposit_online')).toContain('con tarjeta');
  });

  it('say, for a business in pay-later mode, that the deposit is paid by phone after booking, in both languages', async () => {
    const english = await stepsOf('en', 'pay_later');
    expect(english).toContain('Pay a 30 % deposit (at least $50) by phone at (614) 555-0100 after you book: nothing is charged online.');
    expect(english).not.toMatch(/card/);
    const spanish = await stepsOf('es', 'pay_later');
    expect(spanish).toContain('por teléfono al (614) 555-0100');
    expect(spanish).not.toMatch(/tarjeta/);
    expect(english + spanish).not.toMatch(/[{}]/);
  });
});
