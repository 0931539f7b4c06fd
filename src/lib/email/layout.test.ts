import { describe, expect, it } from 'vitest';
import { demoSettings } from '../../../supabase/seed/settings';
import { customerMessage, withLinks } from './layout';

const settings = demoSettings;

describe('a customer e-mail\'s HTML', () => {
  const link = 'https://example.com/es/track-order?booking=PF-ABC123&x=1#key=k_9';
  const mail = (language: 'en' | 'es') =>
    customerMessage(settings, 'ana@example.com', 'Su reservación', ['Hola.', `Cambiar o cancelar su reservación: ${link}`], [['Total', '$244.10']], { language });

  it('says its language, so a screen reader reads a Spanish e-mail in Spanish', () => {
    expect(mail('es').html).toContain('<html lang="es">');
    expect(mail('en').html).toContain('<html lang="en">');
  });

  it('makes each web address a link to that address', () => {
    expect(mail('es').html).toContain(
      '<p>Cambiar o cancelar su reservación: <a href="https://example.com/es/track-order?booking=PF-ABC123&#38;x=1#key=k_9" style="color:#be185d">https://example.com/es/track-order?booking=PF-ABC123&#38;x=1#key=k_9</a></p>',
    );
  });

  it('leaves the text part as it was: the words, the address written out', () => {
    expect(mail('es').text).toBe(`Hola.\nCambiar o cancelar su reservación: ${link}\n\nTotal: $244.10\n\n${settings.businessName} · ${settings.phone}`);
  });
});

describe('web addresses in a paragraph', () => {
  it('end before the punctuation that ends the sentence', () => {
    expect(withLinks('See https://example.com/waiver. Thanks')).toBe('See <a href="https://example.com/waiver" style="color:#be185d">https://example.com/waiver</a>. Thanks');
    expect(withLinks('(https://example.com/a),')).toBe('(<a href="https://example.com/a" style="color:#be185d">https://example.com/a</a>),');
  });

  it('leave text without one escaped and unchanged', () => {
    expect(withLinks('Tom & Ana <3')).toBe('Tom &#38; Ana &#60;3');
    expect(withLinks('Several: http://a.example/x and https://b.example/y')).toBe(
      'Several: <a href="http://a.example/x" style="color:#be185d">http://a.example/x</a> and <a href="https://b.example/y" style="color:#be185d">https://b.example/y</a>',
    );
  });
});
