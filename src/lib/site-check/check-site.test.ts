import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_RULES, HARD_SURFACES, surfaces, type SiteRules } from '../business';
import { NO_SITE_REQUIREMENTS, type SiteRequirements } from '../catalog';
import { checkSite, siteQuestions, type SiteCheckInput, type SiteUnit } from './check-site';
import { ANSWER_PLEASE } from './site-answer-values';
import { siteAnswers, type SiteAnswers } from './site-answers';

const rules: SiteRules = { ...DEFAULT_SITE_RULES, generatorProductSlug: 'generator' };
const unit = (slug: string, needs: Partial<SiteRequirements>, count = 1): SiteUnit => ({ slug, name: slug.replace(/-/g, ' '), count, needs: { ...NO_SITE_REQUIREMENTS, ...needs } });

const bounce = unit('castle', { surfaces: ['grass', 'concrete', 'asphalt', 'artificial-turf'], stakesNeeded: 6, sandbagsNeeded: 4, outletsRequired: 1, outletRunFt: 75, circuitAmps: 20, accessWidthIn: 36, maxStairFlights: 1, overnightAllowed: true });
const slide = unit('splash', { surfaces: ['grass', 'artificial-turf'], stakesNeeded: 8, outletsRequired: 2, outletRunFt: 100, accessWidthIn: 42, maxStairFlights: 0, overnightAllowed: false });
const tables = unit('tables', {});

const check = (units: SiteUnit[], answers: SiteAnswers, over: Partial<SiteCheckInput> = {}) =>
  checkSite({ units, answers, rules, nights: 0, generator: { slug: 'generator', name: 'Generator' }, generatorsInCart: 0, answersRequired: true, ...over });

describe('the questions a cart asks', () => {
  it('asks nothing for products with no rule', () => {
    expect(siteQuestions([tables], {})).toEqual([]);
    expect(check([tables], {})).toMatchObject({ questions: [], charges: [], refusals: [], flags: [], generatorsToAdd: 0 });
  });

  it('asks what the products need, and the ceiling only indoors', () => {
    expect(siteQuestions([bounce, tables], {})).toEqual(['surface', 'outlet', 'access', 'stairs']);
    const indoorUnit = unit('toddler', { surfaces: ['indoor'], clearanceFt: 12 });
    expect(siteQuestions([indoorUnit], { surface: 'grass' })).toEqual(['surface']);
    expect(siteQuestions([indoorUnit], { surface: 'indoor' })).toEqual(['surface', 'ceiling']);
  });

  it('names the shortest run any powered unit allows, and the strongest circuit', () => {
    const result = check([bounce, slide], {});
    expect(result.outletRunFt).toBe(75);
    expect(result.circuitAmps).toBe(20);
  });
});

describe('the answers against the products', () => {
  it('refuses a water slide on concrete at the surface field, naming what it needs', () => {
    const result = check([slide], { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 });
    expect(result.refusals).toEqual([{ field: 'site.surface', product: 'splash', message: 'The splash can’t be set up on concrete. It needs grass or artificial turf.' }]);
  });

  it('adds sandbags for an anchored unit on hard ground, and counts stakes on grass', () => {
    const hard = check([bounce], { surface: 'concrete', outlet: 'yes', accessInches: 48, stairFlights: 0 });
    expect(hard.refusals).toEqual([]);
    expect(hard.charges).toEqual([{ label: 'Sandbags: castle', reason: '4 sandbags to hold it down on concrete', cents: 2500 }]);
    expect(hard.load).toEqual({ stakes: 0, sandbags: 4, cords: 1, generators: 0 });
    const soft = check([{ ...bounce, count: 2 }], { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 0 });
    expect(soft.charges).toEqual([]);
    expect(soft.load).toEqual({ stakes: 12, sandbags: 0, cords: 2, generators: 0 });
  });

  it('adds generators for no outlet in reach, one per two blowers, less those in the cart', () => {
    const answers: SiteAnswers = { surface: 'grass', outlet: 'no', accessInches: 48, stairFlights: 0 };
    expect(check([bounce, slide], answers).generatorsToAdd).toBe(2);
    expect(check([bounce, slide], answers, { generatorsInCart: 1 }).generatorsToAdd).toBe(1);
    expect(check([bounce], answers, { generator: null }).refusals).toEqual([
      { field: 'site.outlet', product: 'castle', message: 'The castle needs an outlet within 75 ft, and we have no generator to bring. Choose a spot near an outlet.' },
    ]);
  });

  it('refuses a unit wider than the narrowest gate at the gate field', () => {
    const result = check([bounce], { surface: 'grass', outlet: 'yes', accessInches: 30, stairFlights: 0 });
    expect(result.refusals).toEqual([
      { field: 'site.accessInches', product: 'castle', message: 'The castle needs a gate or door at least 36 in wide on the way to the setup spot; yours is 30 in.' },
    ]);
  });

  it('charges stairs per flight, and refuses a unit that may not go up that many', () => {
    const one = check([bounce], { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 1 });
    expect(one.charges).toEqual([{ label: 'Stairs', reason: '1 flight of stairs to the setup spot', cents: 2500 }]);
    const two = check([bounce, slide], { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 2 });
    expect(two.refusals.map((r) => r.message)).toEqual(['The castle can be carried up at most 1 flight of stairs.', 'The splash can’t be carried up or down stairs.']);
    expect(two.charges).toEqual([{ label: 'Stairs', reason: '2 flights of stairs to the setup spot', cents: 5000 }]);
  });

  it('charges each night for a unit that may stay, and refuses one that may not', () => {
    const answers: SiteAnswers = { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 0 };
    expect(check([bounce], answers, { nights: 2 }).charges).toEqual([{ label: 'Overnight', reason: 'Left set up 2 nights', cents: 10_000 }]);
    expect(check([slide], answers, { nights: 1 }).refusals).toEqual([
      { field: 'event', product: 'splash', message: 'The splash can’t stay set up overnight: choose a one-day event, or another product.' },
    ]);
  });

  it('refuses a ceiling lower than the unit needs indoors', () => {
    const indoorUnit = unit('toddler', { surfaces: ['indoor'], clearanceFt: 12 });
    expect(check([indoorUnit], { surface: 'indoor', ceilingFt: 10 }).refusals[0]!.field).toBe('site.ceilingFt');
    expect(check([indoorUnit], { surface: 'indoor', ceilingFt: 14 }).refusals).toEqual([]);
  });

  it('refuses a surface the business does not serve, whatever the product', () => {
    const result = checkSite({ units: [bounce], answers: { surface: 'asphalt' }, rules: { ...rules, servedSurfaces: ['grass'] }, nights: 0, generator: null, generatorsInCart: 0, answersRequired: false });
    expect(result.refusals[0]).toEqual({ field: 'site.surface', product: null, message: 'We don’t set up on asphalt. Choose grass.' });
  });

  it('flags "not sure" for a call where the owner allows it, and asks for an answer where not', () => {
    const answers: SiteAnswers = { surface: 'grass', outlet: 'unsure', accessInches: 'unsure', stairFlights: 0 };
    expect(check([bounce], answers).flags).toEqual(['Not sure: an outlet within 75 ft', 'Not sure: the narrowest gate or door']);
    const strict = check([bounce], answers, { rules: { ...rules, allowNotSure: false } });
    expect(strict.refusals.map((r) => [r.field, r.message])).toEqual([
      ['site.outlet', ANSWER_PLEASE],
      ['site.accessInches', ANSWER_PLEASE],
    ]);
  });

  it('leaves unanswered questions to the booking: a price only lists them', () => {
    expect(check([bounce], {}, { answersRequired: false })).toMatchObject({ unanswered: ['surface', 'outlet', 'access', 'stairs'], refusals: [] });
    expect(check([bounce], {}, { rules: { ...rules, allowNotSure: false } }).refusals.map((r) => r.field)).toEqual(['site.surface', 'site.outlet', 'site.accessInches', 'site.stairFlights']);
  });
});

describe('bad answers', () => {
  it.each([
    [{ surface: 'lava' }, 'surface', 'Choose the ground the setup spot is on'],
    [{ accessInches: -3 }, 'accessInches', 'At least 12 inches: measure the narrowest gate or door'],
    [{ accessInches: 36.5 }, 'accessInches', 'Whole inches, please'],
    [{ stairFlights: 99 }, 'stairFlights', 'At most 10 flights: call us for anything higher'],
    [{ outlet: 'maybe' }, 'outlet', 'Choose yes, no or not sure'],
    [{ ceilingFt: 'tall' }, 'ceilingFt', 'Enter the height in feet, or choose not sure'],
  ])('%j is refused at its field', (answers, field, message) => {
    const issue = siteAnswers.safeParse(answers).error!.issues[0]!;
    expect([issue.path.join('.'), issue.message]).toEqual([field, message]);
  });
});

const requirements: fc.Arbitrary<SiteRequirements> = fc.record({
  surfaces: fc.subarray([...surfaces]),
  stakesNeeded: fc.option(fc.integer({ min: 0, max: 40 })),
  sandbagsNeeded: fc.option(fc.integer({ min: 0, max: 40 })),
  spaceLengthFt: fc.constant(null),
  spaceWidthFt: fc.constant(null),
  clearanceFt: fc.option(fc.integer({ min: 6, max: 30 })),
  outletsRequired: fc.integer({ min: 0, max: 3 }),
  outletRunFt: fc.option(fc.integer({ min: 10, max: 500 })),
  circuitAmps: fc.option(fc.constantFrom(15, 20, 30)),
  waterHookup: fc.boolean(),
  accessWidthIn: fc.option(fc.integer({ min: 12, max: 240 })),
  maxStairFlights: fc.option(fc.integer({ min: 0, max: 10 })),
  overnightAllowed: fc.option(fc.boolean()),
});
const units = fc
  .array(fc.record({ count: fc.integer({ min: 1, max: 4 }), needs: requirements }), { maxLength: 4 })
  .map((list) => list.map((u, i) => ({ ...u, slug: `p${i}`, name: `Product ${i}` })));
const answers: fc.Arbitrary<SiteAnswers> = fc.record(
  {
    surface: fc.constantFrom(...surfaces),
    outlet: fc.constantFrom('yes', 'no', 'unsure'),
    accessInches: fc.oneof(fc.integer({ min: 12, max: 240 }), fc.constant('unsure' as const)),
    stairFlights: fc.integer({ min: 0, max: 10 }),
    ceilingFt: fc.oneof(fc.integer({ min: 6, max: 99 }), fc.constant('unsure' as const)),
  },
  { requiredKeys: [] },
);
const siteRules: fc.Arbitrary<SiteRules> = fc.record({
  ...Object.fromEntries(Object.entries(DEFAULT_SITE_RULES).map(([k, v]) => [k, fc.constant(v)])),
  servedSurfaces: fc.subarray([...surfaces], { minLength: 1 }),
  sandbagSetFeeCents: fc.integer({ min: 0, max: 10_000 }),
  hardSurfaceFeeCents: fc.integer({ min: 0, max: 10_000 }),
  stairsFeePerFlightCents: fc.integer({ min: 0, max: 10_000 }),
  overnightFeeCents: fc.integer({ min: 0, max: 10_000 }),
  outletsPerGenerator: fc.integer({ min: 1, max: 6 }),
  allowNotSure: fc.boolean(),
}) as fc.Arbitrary<SiteRules>;

describe('for any cart, answers and rules', () => {
  it('refuses exactly what the rules say, and the lines add up', () => {
    fc.assert(
      fc.property(units, answers, siteRules, fc.integer({ min: 0, max: 3 }), fc.boolean(), (cart, given, owner, nights, hasGenerator) => {
        const result = checkSite({ units: cart, answers: given, rules: owner, nights, generator: hasGenerator ? { slug: 'g', name: 'G' } : null, generatorsInCart: 0, answersRequired: true });
        const asked = new Set(result.questions);
        const refused = (field: string, slug: string) => result.refusals.some((r) => r.field === field && r.product === slug);
        for (const u of cart) {
          const n = u.needs;
          if (asked.has('surface') && given.surface && n.surfaces.length > 0) expect(refused('site.surface', u.slug) || n.surfaces.includes(given.surface)).toBe(true);
          if (asked.has('surface') && given.surface && n.surfaces.length > 0 && !n.surfaces.includes(given.surface)) expect(refused('site.surface', u.slug)).toBe(true);
          if (typeof given.accessInches === 'number' && n.accessWidthIn !== null) expect(refused('site.accessInches', u.slug)).toBe(n.accessWidthIn > given.accessInches);
          if (given.stairFlights !== undefined && given.stairFlights > 0 && n.maxStairFlights !== null && given.stairFlights > n.maxStairFlights) expect(refused('site.stairFlights', u.slug)).toBe(true);
          if (nights > 0 && n.overnightAllowed === false) expect(refused('event', u.slug)).toBe(true);
          if (given.outlet === 'no' && n.outletsRequired > 0) expect(refused('site.outlet', u.slug)).toBe(!hasGenerator);
        }
        // No refusal without a rule that says so: every refusal names a field the cart was asked about (or its stay).
        for (const r of result.refusals) expect(r.field === 'event' || [...asked].some((q) => r.field.startsWith(`site.${q === 'access' ? 'accessInches' : q === 'stairs' ? 'stairFlights' : q === 'ceiling' ? 'ceilingFt' : q}`))).toBe(true);
        // The lines are whole, positive cents (the price adds them as given: quote.test's random quotes).
        for (const c of result.charges) expect(Number.isSafeInteger(c.cents) && c.cents > 0).toBe(true);
        // Sandbags only on hard ground, stakes only on soft.
        if (given.surface && HARD_SURFACES.includes(given.surface)) expect(result.load.stakes).toBe(0);
        else expect(result.load.sandbags).toBe(0);
        if (cart.every((u) => u.needs.outletsRequired === 0)) expect(result.generatorsToAdd).toBe(0);
      }),
    );
  });
});
