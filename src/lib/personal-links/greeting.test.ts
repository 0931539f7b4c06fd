import { describe, expect, it } from 'vitest';
import { bookingNextStep, inLanguage } from './greeting.server';

describe('a personal link’s next step in the page’s language', () => {
  it('stays English on the English page', () => {
    const step = bookingNextStep('PF-1234', 'confirmed', 0);
    expect(inLanguage(step, 'en')).toEqual(step);
  });

  it('is Spanish on /es/hi, its link to the Spanish page where there is one', () => {
    expect(inLanguage(bookingNextStep('PF-1234', 'confirmed', 0), 'es')).toEqual({
      text: 'Todo está listo. Solo falta una cosa: la exención de responsabilidad toma dos minutos.',
      label: 'Firmar la exención',
      href: '/es/sign-waiver?booking=PF-1234',
    });
    expect(inLanguage(bookingNextStep('PF-1234', 'cancelled', 0), 'es').href).toBe('/es/at');
    for (const status of ['hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed', 'cancelled', 'expired'] as const) {
      for (const waivers of [0, 1]) expect(inLanguage(bookingNextStep('PF-1', status, waivers), 'es').text).not.toMatch(/\b(the|your|we)\b/i);
    }
    // The waiver is "la exención", as the signing page and the e-mails call it: "permiso" is a park's permit in the Spanish terms.
    expect(inLanguage(bookingNextStep('PF-1', 'confirmed', 1), 'es').text).toBe('Todo está listo y la exención está firmada. ¡Nos vemos el día de la fiesta!');
  });
});
