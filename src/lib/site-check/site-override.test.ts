import { describe, expect, it } from 'vitest';
import type { SiteRefusal } from './check-site';
import { ANSWER_PLEASE } from './site-answer-values';
import { isAddedGeneratorRefusal, overrideCovering, overrideHint, overrideInForce, overrideRefusals, overrideToStore, overrideWords, siteOverrideInput, type SiteOverride } from './site-override';

const slideOnConcrete: SiteRefusal = { field: 'site.surface', product: 'splash', message: 'The splash can’t be set up on concrete. It needs grass or artificial turf.' };
const castleAtGate: SiteRefusal = { field: 'site.accessInches', product: 'castle', message: 'The castle needs a gate or door at least 36 in wide on the way to the setup spot; yours is 30 in.' };
const unanswered: SiteRefusal = { field: 'site.outlet', product: null, message: ANSWER_PLEASE };
const ref = ({ field, product }: SiteRefusal) => ({ field, product });
const reason = 'Customer confirmed the gate is 40 in; measured on the phone';
const by = { byName: 'Sam Lee', byEmail: 'sam@example.com' };
const at = new Date('2026-12-02T15:00:00Z');

describe('what an override covers', () => {
  it('nothing without one: every refusal stands', () => {
    expect(overrideRefusals([slideOnConcrete], null)).toEqual({ standing: [slideOnConcrete], overridden: [] });
  });
  it('the refusals it names, by field and product; one it does not name still stands', () => {
    expect(overrideRefusals([slideOnConcrete, castleAtGate], { refusals: [ref(castleAtGate)] })).toEqual({ standing: [slideOnConcrete], overridden: [castleAtGate] });
    expect(overrideRefusals([slideOnConcrete], { refusals: [{ field: 'site.surface', product: 'castle' }] }).standing).toEqual([slideOnConcrete]);
  });
  it('never an unanswered question: that wants an answer, not an override', () => {
    expect(overrideRefusals([unanswered], { refusals: [ref(unanswered)] }).standing).toEqual([unanswered]);
    expect(overrideHint([unanswered], null)).toBeNull();
  });
  it('never the generator the check added, booked for that time: stock, whatever a request names', () => {
    const generatorBooked: SiteRefusal = { field: 'site.outlet', product: 'generator', message: 'There’s no outlet in reach and our Generator is booked for that time.' };
    const lines = [
      { product: 'castle', siteAdded: false },
      { product: 'generator', siteAdded: true },
    ];
    const stock = isAddedGeneratorRefusal(lines);
    expect(overrideRefusals([generatorBooked, castleAtGate], { refusals: [ref(generatorBooked), ref(castleAtGate)] }, stock)).toEqual({ standing: [generatorBooked], overridden: [castleAtGate] });
    // A generator the customer chose (not added by the check) is their line, not the check's.
    expect(isAddedGeneratorRefusal([{ product: 'generator', siteAdded: false }])(generatorBooked)).toBe(false);
  });
  it('tells staff at the override what they may do', () => {
    expect(overrideHint([slideOnConcrete], undefined)).toBe('The setup spot check refuses this booking: change it, or tick “Book it anyway” and say why.');
    expect(overrideHint([slideOnConcrete], { reason, refusals: [] })).toMatch(/^The setup spot check refuses something you did not override yet/);
    expect(overrideHint([], undefined)).toBeNull();
  });
});

describe('the reason', () => {
  it.each([
    [{ refusals: [ref(slideOnConcrete)] }, 'reason', 'Say why you book it anyway'],
    [{ reason: '   ', refusals: [ref(slideOnConcrete)] }, 'reason', 'Say why you book it anyway (at least 5 characters)'],
    [{ reason: 'x'.repeat(301), refusals: [ref(slideOnConcrete)] }, 'reason', 'At most 300 characters'],
    [{ reason, refusals: [] }, 'refusals', 'Name the refusals you override'],
  ])('%j is refused at its field', (body, field, message) => {
    const issue = siteOverrideInput.safeParse(body).error!.issues[0]!;
    expect([issue.path.join('.'), issue.message]).toEqual([field, message]);
  });
  it('is kept trimmed', () => {
    expect(siteOverrideInput.parse({ reason: `  ${reason} `, refusals: [ref(slideOnConcrete)] }).reason).toBe(reason);
  });
});

describe('what the booking keeps', () => {
  const given = { input: { reason, refusals: [ref(castleAtGate)] }, ...by };
  const stored: SiteOverride = { reason: 'Slide goes on the lawn beside the drive', byName: 'Ana', byEmail: 'ana@example.com', at: '2026-11-30T10:00:00.000Z', refusals: [slideOnConcrete] };
  it('who, when, why and what it covered; nothing when it covered nothing', () => {
    expect(overrideToStore(given, null, [castleAtGate], at)).toEqual({ reason, ...by, at: '2026-12-02T15:00:00.000Z', refusals: [castleAtGate] });
    expect(overrideToStore(given, null, [], at)).toBeNull();
  });
  it('a change is held to the stored override and the new one together', () => {
    expect(overrideInForce(null, stored)).toEqual({ refusals: [ref(slideOnConcrete)] });
    expect(overrideInForce(given, stored)).toEqual({ refusals: [ref(castleAtGate), ref(slideOnConcrete)] });
    expect(overrideInForce(null, null)).toBeNull();
  });
  it('a customer’s move keeps the stored one while it still covers something', () => {
    expect(overrideToStore(null, stored, [slideOnConcrete], at)).toEqual(stored);
    expect(overrideToStore(null, stored, [], at)).toBeNull();
  });
  it('reads on the Setup spot card', () => {
    expect(overrideWords({ reason, ...by })).toBe('Refusal overridden by Sam Lee — Customer confirmed the gate is 40 in; measured on the phone');
    expect(overrideWords({ reason, byName: '', byEmail: 'sam@example.com' })).toBe('Refusal overridden by sam@example.com — Customer confirmed the gate is 40 in; measured on the phone');
  });
  it('names what it covers after one full stop, whether or not the reason ends with one', () => {
    expect(overrideCovering({ reason, ...by }, [slideOnConcrete])).toBe(`Refusal overridden by Sam Lee — ${reason}. It covers: ${slideOnConcrete.message}`);
    expect(overrideCovering({ reason: 'Mats on the patio.', ...by }, [slideOnConcrete], 'still covers')).toBe(`Refusal overridden by Sam Lee — Mats on the patio. It still covers: ${slideOnConcrete.message}`);
  });
});
