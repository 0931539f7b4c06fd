import { describe, expect, it } from 'vitest';
import { interpolate, messagesFor } from '../i18n';
import { balanceDueWhen } from './content-placeholders';
import { depositWords, homeSteps } from './home-steps';

const values = { offered: 'bounce houses', waiver: '', deposit: '30 %', minimum: ' (at least $50)', hours: '8 AM–8 PM', balanceDue: 'on the event day, before setup' };
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

  it('say when this business wants the balance, in both languages', async () => {
    const dueBefore = async (locale: 'en' | 'es', days: number) => {
      const messages = await messagesFor(locale);
      const balanceDue = balanceDueWhen({ balanceDueDaysBefore: days }, messages.contentValues);
      return homeSteps(messages.home, { paymentMode: 'deposit_online', phone: '(614) 555-0100' }, { ...values, balanceDue })[2]!.text;
    };
    expect(await dueBefore('en', 3)).toMatch(/ The balance is due 3 days before the event\.$/);
    expect(await dueBefore('es', 1)).toMatch(/ El resto se paga 1 día antes del evento\.$/);
    expect(await dueBefore('en', 0)).toMatch(/ The balance is due on the event day, before setup\.$/);
  });
});

describe('the deposit the home page names', () => {
  const money = (cents: number) => `$${cents / 100}`;
  const percent = { depositMode: 'percent', depositPercent: 30, depositFlatCents: 10000, depositMinimumCents: 5000 } as const;
  const said = async (locale: 'en' | 'es', settings: Parameters<typeof depositWords>[1]) => {
    const home = (await messagesFor(locale)).home;
    const words = depositWords(home, settings, money);
    return {
      hero: interpolate(home.heroText, words),
      step: homeSteps(home, { paymentMode: 'pay_later', phone: '(614) 555-0100' }, { ...values, ...words })[2]!.text,
    };
  };

  it('a percentage with its minimum, as checkout charges it', async () => {
    expect((await said('en', percent)).step).toBe('Pay a 30 % deposit (at least $50) by phone at (614) 555-0100 after you book: nothing is charged online. The balance is due on the event day, before setup.');
    expect((await said('es', percent)).step).toMatch(/^Pague un anticipo del 30 % \(mínimo \$50\) por teléfono/);
  });

  it('no minimum where there is none (a new business starts with $0)', async () => {
    const english = await said('en', { ...percent, depositMinimumCents: 0 });
    expect(english.step).toMatch(/^Pay a 30 % deposit by phone/);
    expect(english.hero).toContain('and pay a 30 % deposit.');
    expect((await said('es', { ...percent, depositMinimumCents: 0 })).step).toMatch(/^Pague un anticipo del 30 % por teléfono/);
  });

  it('a flat deposit by its amount, never the percentage field it does not use', async () => {
    const english = await said('en', { ...percent, depositMode: 'flat' });
    expect(english.hero).toContain('and pay a $100 deposit.');
    expect(english.step).toMatch(/^Pay a \$100 deposit by phone/);
    const spanish = await said('es', { ...percent, depositMode: 'flat' });
    expect(spanish.hero).toContain('y pague un anticipo de $100.');
    expect(spanish.step).toMatch(/^Pague un anticipo de \$100 por teléfono/);
    expect(english.hero + english.step + spanish.hero + spanish.step).not.toMatch(/30|%|\{|\}/);
  });
});
