import { describe, expect, it } from 'vitest';
import { helpReply } from './inbound.server';
import { keywordLanguage, textKeyword } from './keywords';

describe('text keywords in Spanish (issue #40)', () => {
  it('understands ALTO, AYUDA and INICIAR beside STOP, HELP and START, with or without accents', () => {
    for (const w of ['ALTO', 'alto', ' Alto. ', 'PARAR', 'Baja', 'cancelar', '¡Alto!']) expect(textKeyword(w), w).toBe('stop');
    for (const w of ['INICIAR', 'comenzar', 'Sí', 'si']) expect(textKeyword(w), w).toBe('start');
    for (const w of ['AYUDA', 'ayuda', 'Ayuda.']) expect(textKeyword(w), w).toBe('help');
    for (const w of ['alto ahí', 'necesito ayuda', 'sí, gracias']) expect(textKeyword(w), w).toBeNull();
  });

  it('answers AYUDA in Spanish and HELP in English', () => {
    expect(keywordLanguage('Ayuda')).toBe('es');
    expect(keywordLanguage('HELP')).toBe('en');
    expect(keywordLanguage('INFO')).toBe('en');
    const es = helpReply('Brincolines Ana', '(512) 555-0100', 'hola@example.com', 'es');
    expect(es).toBe('Brincolines Ana: mensajes sobre su reservación. Para ayuda llame al (512) 555-0100 o escriba a hola@example.com. Responda ALTO para no recibir más mensajes, INICIAR para volver a recibirlos.');
    expect(helpReply('Bounce Co', '512', 'a@b.c')).toBe('Bounce Co: texts about your booking. For help call 512 or e-mail a@b.c. Reply STOP to stop texts, START to resume.');
  });
});
