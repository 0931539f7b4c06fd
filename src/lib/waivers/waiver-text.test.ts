import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { englishWaiverWords, renderWaiverText, WAIVER_RULES, WAIVER_VERSION, waiverDate, type WaiverWords } from './waiver-text';
import { spanishWaiverWords } from './waiver-text-es';
import { WAIVER_NEEDS_LEGAL_REVIEW, WAIVER_RULE_IDS, WAIVER_VERSIONS } from './waiver-versions';
import { waiverWords } from './waiver-words';
import { signedAtText } from './waiver-render';
import { businessClock } from '../time';
import { STALE_WAIVER, waiverSigning } from './waiver-signing';

const people = {
  businessName: 'Pink Flamingo Party Rentals',
  bookingNumber: 'PF-7K3Q9X',
  eventDate: '2026-12-05',
  renterName: 'Priya Raman',
  signerName: 'Sam  Raman',
  signerEmail: 'Sam@Example.com',
  adults: [{ name: 'Sam Raman' }, { name: 'Lee Chen' }],
  guests: [{ name: 'Maya', age: 7 }, { name: 'Leo' }],
};
const english = englishWaiverWords('TX');
const spanish = spanishWaiverWords('TX');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('waiver text', () => {
  it('fills in the booking and the people, and lists every rule', () => {
    const text = renderWaiverText(people, english);
    expect(text).toContain(`Waiver version ${WAIVER_VERSION}`);
    expect(text).toContain('Booking: PF-7K3Q9X');
    expect(text).toContain('Party date: Saturday, December 5, 2026');
    expect(text).toContain('Signed by: Sam Raman (sam@example.com)');
    expect(text).toContain('Adults responsible for supervision: Sam Raman; Lee Chen');
    expect(text).toContain('Children and guests covered: Maya (age 7); Leo');
    for (const rule of WAIVER_RULES) expect(text).toContain(rule.text);
  });

  it('is, in English, exactly the text English signers have signed since version 2026-11 (the same SHA-256)', () => {
    // The hash of this booking's text as the code before the Spanish waiver rendered it: a change to any
    // English character is a new English version, never a silent change.
    expect(WAIVER_VERSIONS.en).toBe('2026-11');
    expect(sha256(renderWaiverText(people, english))).toBe(ENGLISH_2026_11_SHA256);
  });

  it('releases under the law of the business’s state', () => {
    expect(renderWaiverText(people, english)).toContain('To the fullest extent permitted by Texas law, I release');
    const ohio = renderWaiverText(people, englishWaiverWords('OH'));
    expect(ohio).toContain('To the fullest extent permitted by Ohio law, I release');
    expect(ohio).not.toContain('Texas');
    expect(renderWaiverText(people, spanishWaiverWords('OH'))).toContain('En la máxima medida permitida por las leyes del estado de Ohio, libero');
  });

  it('is the same string for the same people however the names were spaced, so the hash is stable', () => {
    expect(renderWaiverText({ ...people, signerName: ' Sam Raman ' }, english)).toBe(renderWaiverText(people, english));
    expect(renderWaiverText({ ...people, guests: [] }, english)).not.toBe(renderWaiverText(people, english));
  });

  it('writes dates without depending on the runtime locale', () => {
    expect(renderWaiverText({ ...people, eventDate: '2026-02-28' }, english)).toContain('Party date: Saturday, February 28, 2026\n');
    expect(renderWaiverText({ ...people, eventDate: '2027-01-01' }, english)).toContain('Party date: Friday, January 1, 2027\n');
    expect(waiverDate('2026-12-05', 'es')).toBe('sábado, 5 de diciembre de 2026');
    expect(waiverDate('2027-01-01', 'es')).toBe('viernes, 1 de enero de 2027');
    expect(waiverDate('2026-02-30x', 'es')).toBe('2026-02-30x');
  });

  it('has unique rule ids, the same ones in the same order in every language', () => {
    expect(new Set(WAIVER_RULES.map((r) => r.id)).size).toBe(WAIVER_RULES.length);
    expect(english.rules.map((r) => r.id)).toEqual([...WAIVER_RULE_IDS]);
    expect(spanish.rules.map((r) => r.id)).toEqual([...WAIVER_RULE_IDS]);
    expect(spanish.sections.length).toBe(english.sections.length);
    expect(spanish.sections.map((s) => s.paragraphs.length)).toEqual(english.sections.map((s) => s.paragraphs.length));
  });
});

describe('the Spanish waiver', () => {
  const text = renderWaiverText(people, spanish);

  it('is the Spanish text with its own version, filled in the same way', () => {
    expect(text.split('\n').slice(0, 10)).toEqual([
      'Pink Flamingo Party Rentals: Reglas de seguridad de la renta, aceptación de riesgos y exención de responsabilidad',
      `Versión de la exención ${WAIVER_VERSIONS.es}`,
      '',
      'Reserva: PF-7K3Q9X',
      'Fecha de la fiesta: sábado, 5 de diciembre de 2026',
      'Quien renta: Priya Raman',
      'Firmada por: Sam Raman (sam@example.com)',
      'Adultos responsables de la supervisión: Sam Raman; Lee Chen',
      'Niños e invitados cubiertos: Maya (7 años); Leo',
      '',
    ]);
    for (const rule of spanish.rules) expect(text).toContain(`${rule.title}. ${rule.text}`);
    expect(WAIVER_VERSIONS.es).not.toBe(WAIVER_VERSIONS.en);
  });

  it('carries no English sentence of the waiver', () => {
    for (const rule of english.rules) expect(text).not.toContain(rule.text);
    for (const section of english.sections) for (const p of section.paragraphs) expect(text).not.toContain(p);
    for (const line of Object.values(english.lines)) expect(text).not.toContain(line);
  });

  it('is marked as needing the owner’s lawyer’s review, the English one is not', () => {
    expect(spanish.needsLegalReview).toBe(true);
    expect(english.needsLegalReview).toBe(false);
    expect(WAIVER_NEEDS_LEGAL_REVIEW).toEqual({ en: false, es: true });
    // Signers never read about it: it is in no word the signing page shows.
    expect(JSON.stringify(spanish)).not.toMatch(/abogad|lawyer|revis/i);
  });

  it('has every word of the form in Spanish, with the same placeholders as in English', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(english.form)) {
      const es = spanish.form[key as keyof WaiverWords['form']];
      expect(es, key).toBeTruthy();
      expect(placeholders(es), key).toEqual(placeholders(value));
      if (!/^(booking|party)$/.test(key)) expect(es, key).not.toBe(value);
    }
    // The form's optional fields (the signer's phone, a guest's age) say so in Spanish.
    expect(spanish.form.optional).toBe(' (opcional)');
  });

  it('calls the booking a “reservación” on the form, as every other Spanish page, e-mail and text does', () => {
    const formWords = Object.values(spanish.form).join(' ');
    expect(formWords).not.toMatch(/\breserva\b/i);
    expect(spanish.form.bookingNumber).toBe('Número de reservación');
    // The signed text's own line ("Reserva: …") is part of version 2026-12-es and changes only with a new version.
    expect(spanish.lines.booking).toBe('Reserva');
  });
});

describe('the time a waiver was signed', () => {
  it('is read on the business’s clock, not the device’s (these tests run in UTC, where it was 9:17 PM)', () => {
    const signedAt = new Date('2026-12-05T21:17:00Z');
    const clock = businessClock('America/Chicago');
    expect(signedAtText(signedAt, clock, 'en')).toBe('Saturday, December 5, 2026 at 3:17 PM');
    expect(signedAtText(signedAt, clock, 'es')).toMatch(/^sábado, 5 de diciembre de 2026, 3:17\sp\.\s?m\.$/);
  });
});

describe('which version a signature is for', () => {
  const valid = {
    signerName: 'Priya Raman',
    signerEmail: 'priya@example.com',
    adults: [{ name: 'Priya Raman' }],
    acknowledged: Object.fromEntries(WAIVER_RULE_IDS.map((id) => [id, true])),
    consent: true,
    signatureKind: 'typed',
    typedSignature: 'Priya Raman',
    submissionId: '5b8a4a52-8f8c-4f59-9d1e-2f0d3c1f0a11',
    website: '',
    access: { bookingNumber: 'PF-ABC123', email: 'priya@example.com' },
  };
  const issues = (input: object) => {
    const parsed = waiverSigning.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('picks the text by language: English when the page says nothing, each language’s current version', () => {
    expect(waiverWords('en', 'TX').version).toBe(WAIVER_VERSIONS.en);
    expect(waiverWords('es', 'TX').version).toBe(WAIVER_VERSIONS.es);
    expect(waiverWords('es', 'TX').language).toBe('es');
    expect(waiverSigning.parse({ ...valid, waiverVersion: WAIVER_VERSIONS.en }).language).toBe('en');
    expect(waiverSigning.parse({ ...valid, language: 'es', waiverVersion: WAIVER_VERSIONS.es }).language).toBe('es');
  });

  it('refuses a language it has no text in; which version is current is the server’s to say (waivers-spanish, waiver-texts)', () => {
    expect(issues({ ...valid, language: 'es', waiverVersion: WAIVER_VERSIONS.es })).toEqual({});
    expect(issues({ ...valid, language: 'fr', waiverVersion: WAIVER_VERSIONS.en })).toHaveProperty('language');
    expect(STALE_WAIVER.es).toMatch(/^El texto de la exención se actualizó/);
  });
});

/** sha256(renderWaiverText(people)) on main before issue #40 (commit e6e3d47f). */
const ENGLISH_2026_11_SHA256 = 'e414bce292baaf1d6a8c61d401b8861f712dec8284b0a72f3cc6a22c33012669';
