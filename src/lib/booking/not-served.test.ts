import { describe, expect, it } from 'vitest';
import { asPriceRefusal, notServed } from './not-served';

describe('a price’s answer as the screens keep it', () => {
  const refused = {
    ok: false as const,
    status: 400,
    error: { code: 'validation', message: 'Choose a date', fields: { 'event.date': 'Choose a date' } },
  };
  it.each([
    ['a price', { ok: true as const, data: { totalCents: 18_500 } }, { ok: true, data: { totalCents: 18_500 } }],
    [
      'a ZIP no area covers, as the refusal it replaced',
      { ok: true as const, data: notServed('zip', 'We don’t deliver to 10001 yet.') },
      {
        ok: false,
        error: {
          code: 'validation',
          message: 'We don’t deliver to 10001 yet.',
          fields: { zip: 'We don’t deliver to 10001 yet.' },
        },
      },
    ],
    ['a refusal, as it came', refused, refused],
  ])('%s', (_, answer, kept) => {
    expect(asPriceRefusal(answer)).toEqual(kept);
  });
});
