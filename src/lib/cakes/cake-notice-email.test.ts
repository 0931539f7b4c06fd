import { describe, expect, it } from 'vitest';
import { demoSettings } from '../../../supabase/seed/settings';
import { englishIn, readAsCustomer, spanishWords } from '../../../tests/support/read-mail';
import { formatsFor } from '../i18n';
import { cakeStatusEmail, type CakeNoticeInput } from './cake-notice-email';

const order = (extra: Partial<CakeNoticeInput> = {}): CakeNoticeInput => ({
  number: 'CK-7Q2M4X', name: 'Ana García', email: 'ana@example.com', product: 'Classic Round Birthday Cake', neededOn: '2027-05-08', fulfilment: 'pickup', bookingNumber: null, ...extra,
});
const spanish = (extra: Partial<CakeNoticeInput> = {}) => order({ product: 'Pastel Redondo de Cumpleaños Clásico', language: 'es', ...extra });
const kinds = [
  ['ready to pick up', 'ready', {}],
  ['ready with the rental', 'ready', { fulfilment: 'delivery', bookingNumber: 'PF-ABC123' }],
  ['delivered with the rental', 'delivered', { fulfilment: 'delivery', bookingNumber: 'PF-ABC123' }],
] as const;

describe('the cake status e-mail', () => {
  it('in English says what it always said', () => {
    const ready = cakeStatusEmail(order(), 'ready', demoSettings);
    expect(ready.subject).toBe('Your cake CK-7Q2M4X is ready');
    expect(ready.text).toContain('Hi Ana,');
    expect(ready.text).toContain(`Your Classic Round Birthday Cake is ready to pick up for Saturday, May 8, 2027. Our address: ${demoSettings.addressLine1}, ${demoSettings.addressCity}.`);
    expect(ready.text).toContain('Date: Saturday, May 8, 2027');
    const delivered = cakeStatusEmail(order({ fulfilment: 'delivery', bookingNumber: 'PF-ABC123' }), 'delivered', demoSettings);
    expect(delivered.subject).toBe('Your cake CK-7Q2M4X has been delivered');
    expect(delivered.text).toContain('Your Classic Round Birthday Cake has been delivered with your party rental PF-ABC123. Enjoy the party!');
  });

  it('to an order from the Spanish page is in Spanish, its date in the Spanish format', () => {
    const day = formatsFor('es').longDate('2027-05-08');
    for (const [name, status, extra] of kinds) {
      const mail = cakeStatusEmail(spanish(extra), status, demoSettings);
      const read = readAsCustomer(mail);
      expect(mail.subject, name).toBe(status === 'ready' ? 'Su pastel CK-7Q2M4X está listo' : 'Su pastel CK-7Q2M4X fue entregado');
      expect(read, name).toContain('Hola, Ana:');
      expect(read, name).toContain(`¿Preguntas? Llámenos al ${demoSettings.phone} y mencione el pedido CK-7Q2M4X.`);
      expect(read, name).toContain(`Fecha: ${day}`);
      expect(englishIn(spanishWords(read, [demoSettings.businessName, demoSettings.addressLine1, demoSettings.addressCity])), name).toEqual([]);
    }
    expect(readAsCustomer(cakeStatusEmail(spanish(), 'ready', demoSettings))).toContain(`Su Pastel Redondo de Cumpleaños Clásico está listo para recoger el ${day}.`);
    expect(readAsCustomer(cakeStatusEmail(spanish({ fulfilment: 'delivery', bookingNumber: 'PF-ABC123' }), 'delivered', demoSettings))).toContain(
      'Entregamos su Pastel Redondo de Cumpleaños Clásico con su renta para fiesta PF-ABC123. ¡Disfrute la fiesta!',
    );
  });
});
