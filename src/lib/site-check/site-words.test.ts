import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_RULES, type SiteRules } from '../business';
import { NO_SITE_REQUIREMENTS, type SiteRequirements } from '../catalog';
import type { SiteUnit } from './check-site';
import { bookedSite, callAboutWords, keptLoad, keptSite, keptSpot, loadWords, setupSpot, siteAnswerRows, sitePreparation, siteSummary, siteToldUs } from './site-words';

const rules: SiteRules = { ...DEFAULT_SITE_RULES, generatorProductSlug: 'generator' };
const unit = (slug: string, needs: Partial<SiteRequirements>, count = 1): SiteUnit => ({ slug, name: slug, count, needs: { ...NO_SITE_REQUIREMENTS, ...needs } });
const castle = unit('castle', { surfaces: ['grass', 'concrete', 'asphalt', 'indoor'], stakesNeeded: 6, sandbagsNeeded: 4, spaceLengthFt: 19, spaceWidthFt: 19, outletsRequired: 1, outletRunFt: 50, circuitAmps: 20, accessWidthIn: 36, maxStairFlights: 1, clearanceFt: 16 });
const slide = unit('slide', { surfaces: ['grass'], stakesNeeded: 8, spaceLengthFt: 40, spaceWidthFt: 15, outletsRequired: 2, outletRunFt: 75, circuitAmps: 20, accessWidthIn: 42, waterHookup: true });
const generator = unit('generator', {});
const tables = unit('tables', {});

describe('what a booked setup takes on the truck', () => {
  it('sandbags on concrete, one cord per outlet in reach', () => {
    expect(bookedSite([castle, tables], { surface: 'concrete', outlet: 'yes' }, rules)).toEqual({ load: { stakes: 0, sandbags: 4, cords: 1, generators: 0 }, outletRunFt: 50, outletGenerators: null });
  });
  it('stakes on grass for each unit counted, packages already expanded into their items', () => {
    expect(bookedSite([{ ...castle, count: 2 }, slide], { surface: 'grass', outlet: 'unsure' }, rules).load).toEqual({ stakes: 20, sandbags: 0, cords: 4, generators: 0 });
  });
  it('the generators are the booking’s own generator items: no cords where there is no outlet', () => {
    expect(bookedSite([castle, { ...generator, count: 1 }], { surface: 'grass', outlet: 'no' }, rules)).toEqual({
      load: { stakes: 6, sandbags: 0, cords: 0, generators: 1 },
      outletRunFt: 50,
      outletGenerators: { product: 'generator', quantity: 1 },
    });
    // A generator the customer chose beside an outlet still goes on the truck.
    expect(bookedSite([castle, generator], { surface: 'grass', outlet: 'yes' }, rules).load.generators).toBe(1);
    // Without a generator product in the rules, nothing counts as one.
    expect(bookedSite([castle, generator], { surface: 'grass', outlet: 'no' }, { ...rules, generatorProductSlug: null }).load.generators).toBe(0);
  });
  it('the generators the "no outlet" answer brought: as many as the powered units need, at most as many as booked', () => {
    // The castle and the slide draw 3 outlets: 2 generators at 2 outlets each; a third was the customer's own.
    expect(bookedSite([castle, slide, { ...generator, count: 3 }], { outlet: 'no' }, rules).outletGenerators).toEqual({ product: 'generator', quantity: 2 });
    expect(bookedSite([castle, slide, generator], { outlet: 'no' }, rules).outletGenerators).toEqual({ product: 'generator', quantity: 1 });
    expect(bookedSite([castle, generator], { outlet: 'yes' }, rules).outletGenerators).toBeNull();
    expect(bookedSite([tables, generator], { outlet: 'no' }, rules).outletGenerators).toBeNull();
  });
  it('nothing for products with no rule or no answers', () => {
    expect(bookedSite([tables], {}, rules)).toEqual({ load: { stakes: 0, sandbags: 0, cords: 0, generators: 0 }, outletRunFt: null, outletGenerators: null });
    expect(bookedSite([castle], {}, rules).load).toEqual({ stakes: 0, sandbags: 0, cords: 0, generators: 0 });
  });
});

describe('the setup a placed booking kept (bookings.site_load)', () => {
  const answers = { surface: 'concrete', outlet: 'no' } as const;
  // The castle's rules since the booking: a shorter outlet run; and no generator product any more.
  const castleNow = unit('castle', { ...castle.needs, outletRunFt: 25, sandbagsNeeded: 6 });
  const rulesNow = { ...rules, generatorProductSlug: null };
  const booked = bookedSite([castle, generator], answers, rules);

  const castleSpot = { space: { l: 19, w: 19 }, outlets: 1, amps: 20, accessIn: 36, ceilingFt: 16, water: false };

  it('keeps the gear, the outlet distance it was checked against and what its products ask of the spot, nothing else', () => {
    expect(keptLoad(booked, [castle, generator])).toEqual({ stakes: 0, sandbags: 4, cords: 0, generators: 1, outletRunFt: 50, spot: castleSpot });
    expect(keptLoad(bookedSite([tables], {}, rules), [tables])).toEqual({
      stakes: 0,
      sandbags: 0,
      cords: 0,
      generators: 0,
      outletRunFt: null,
      spot: { space: null, outlets: 0, amps: null, accessIn: null, ceilingFt: null, water: false },
    });
  });

  it.each([
    ['what it kept, whatever the products’ and site rules say now', keptLoad(booked, [castle, generator]), { load: { stakes: 0, sandbags: 4, cords: 0, generators: 1 }, outletRunFt: 50 }],
    ['a booking with no unit needing power kept no distance', { ...keptLoad(booked, [castle, generator]), outletRunFt: null }, { load: { stakes: 0, sandbags: 4, cords: 0, generators: 1 }, outletRunFt: null }],
    ['its gear, and the distance as now when it was kept before the distance was', { stakes: 0, sandbags: 4, cords: 0, generators: 1 }, { load: { stakes: 0, sandbags: 4, cords: 0, generators: 1 }, outletRunFt: 25 }],
    ['a booking from before anything was kept: as now', null, { load: { stakes: 0, sandbags: 6, cords: 0, generators: 0 }, outletRunFt: 25 }],
  ])('reads %s', (_, load, expected) => {
    expect(keptSite([castleNow, generator], answers, rulesNow, { load, override: null })).toMatchObject(expected);
  });

  // Since the booking the castle takes more room, a wider gate, a higher ceiling, two outlets on a 30-amp circuit and a hose.
  const biggerCastle = unit('castle', { ...castle.needs, spaceLengthFt: 25, spaceWidthFt: 22, accessWidthIn: 60, clearanceFt: 20, outletsRequired: 2, circuitAmps: 30, waterHookup: true });
  const indoor = { surface: 'indoor', outlet: 'yes' } as const;
  const keptIndoors = keptLoad(bookedSite([castle], indoor, rules), [castle]);
  const { spot: _spot, ...keptBeforeSpot } = keptIndoors;

  it.each([
    ['what it kept, whatever the products say now', keptIndoors, 'Please clear 19 × 19 ft of floor indoors, with an outlet within 50 ft on a 20-amp circuit, a gate or door at least 36 in wide on the way and a ceiling at least 16 ft high.'],
    [
      'the products as now when it was kept before the spot was',
      keptBeforeSpot,
      'Please clear 25 × 22 ft of floor indoors, with 2 outlets within 50 ft on separate 30-amp circuits, a gate or door at least 60 in wide on the way, a ceiling at least 20 ft high and a garden hose spigot nearby.',
    ],
    [
      'the products as now for a booking from before anything was kept',
      null,
      'Please clear 25 × 22 ft of floor indoors, with 2 outlets within 50 ft on separate 30-amp circuits, a gate or door at least 60 in wide on the way, a ceiling at least 20 ft high and a garden hose spigot nearby.',
    ],
  ])('the day-before "Please clear …" reads %s', (_, load, expected) => {
    const site = keptSite([biggerCastle], indoor, rules, { load, override: null });
    expect(sitePreparation(keptSpot([biggerCastle], load), indoor, site)).toBe(expected);
  });

  it('the ceiling it kept is asked of an indoor spot only, and a kept spot with no power asks for no outlet', () => {
    const grass = { surface: 'grass', outlet: 'yes' } as const;
    expect(sitePreparation(castleSpot, grass, keptSite([biggerCastle], grass, rules, { load: keptIndoors, override: null }))).toBe(
      'Please clear 19 × 19 ft of level grass, with an outlet within 50 ft on a 20-amp circuit and a gate or door at least 36 in wide on the way.',
    );
    const unpowered = { ...castleSpot, outlets: 0, amps: null };
    expect(sitePreparation(unpowered, grass, keptSite([biggerCastle], grass, rules, { load: { ...keptIndoors, spot: unpowered }, override: null }), 'es')).toBe(
      'Por favor, deje libre 19 × 19 pies de pasto plano, con un portón o puerta de al menos 36 pulgadas de ancho en el camino.',
    );
  });
});

describe('the answers in words', () => {
  const concreteNoOutlet = { surface: 'concrete', outlet: 'no', accessInches: 40, stairFlights: 1 } as const;
  const site = bookedSite([castle, generator], concreteNoOutlet, rules);
  it('the crew’s short line', () => {
    expect(siteSummary(concreteNoOutlet, site)).toBe('Concrete · no outlet: generator · gate 40 in · 1 flight');
    expect(siteSummary({ surface: 'grass', outlet: 'yes', accessInches: 'unsure', stairFlights: 0 }, bookedSite([castle], {}, rules))).toBe('Grass · outlet within 50 ft · gate not sure · no stairs');
    expect(siteSummary({ surface: 'indoor', outlet: 'unsure', ceilingFt: 18 }, site)).toBe('Indoors · outlet not sure · ceiling 18 ft');
    expect(siteSummary({}, site)).toBe('');
  });
  it('the office’s rows, only what was answered', () => {
    expect(siteAnswerRows(concreteNoOutlet, site)).toEqual([
      ['Ground', 'Concrete'],
      ['Outlet within 50 ft', 'No: we bring a generator'],
      ['Narrowest gate or door', '40 in'],
      ['Stairs', '1 flight to carry'],
    ]);
    expect(siteAnswerRows({ outlet: 'unsure', accessInches: 'unsure', ceilingFt: 'unsure', stairFlights: 0 }, bookedSite([tables], {}, rules))).toEqual([
      ['Outlet in reach', 'Not sure'],
      ['Narrowest gate or door', 'Not sure'],
      ['Stairs', 'None'],
      ['Ceiling', 'Not sure'],
    ]);
  });
  it('a flag as the call list reads it', () => {
    expect(['Not sure: an outlet within 75 ft', 'Not answered: the narrowest gate', 'Staff override: water slide on concrete'].map(callAboutWords)).toEqual([
      'an outlet within 75 ft (not sure)',
      'the narrowest gate (not answered)',
      'Staff override: water slide on concrete',
    ]);
  });
  it('what to load beyond the units', () => {
    expect(loadWords({ stakes: 6, sandbags: 4, cords: 1, generators: 2 })).toBe('4 sandbags, 6 stakes, 1 extension cord, 2 generators');
    expect(loadWords({ stakes: 0, sandbags: 0, cords: 0, generators: 0 })).toBe('');
  });
});

describe('what the customer gets ready the day before', () => {
  it('the largest space on their ground, the shortest outlet run on the strongest circuit, the widest gate, a spigot for water', () => {
    const answers = { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 0 } as const;
    expect(sitePreparation(setupSpot([castle]), answers, bookedSite([castle], answers, rules))).toBe(
      'Please clear 19 × 19 ft of level grass, with an outlet within 50 ft on a 20-amp circuit and a gate or door at least 36 in wide on the way.',
    );
    expect(sitePreparation(setupSpot([castle, slide]), answers, bookedSite([castle, slide], answers, rules))).toBe(
      'Please clear 40 × 15 ft of level grass, with 3 outlets within 50 ft on separate 20-amp circuits, a gate or door at least 42 in wide on the way and a garden hose spigot nearby.',
    );
  });
  it('room for the generator instead of an outlet, the ceiling indoors', () => {
    const answers = { surface: 'indoor', outlet: 'no' } as const;
    expect(sitePreparation(setupSpot([castle, generator]), answers, bookedSite([castle, generator], answers, rules))).toBe(
      'Please clear 19 × 19 ft of floor indoors, with room for the generator we bring, a gate or door at least 36 in wide on the way and a ceiling at least 16 ft high.',
    );
  });
  it('the ground alone, or nothing for a booking that asks nothing of the yard', () => {
    expect(sitePreparation(setupSpot([tables]), { surface: 'grass' }, bookedSite([tables], {}, rules))).toBe('Please clear the setup spot on the grass.');
    expect(sitePreparation(setupSpot([tables]), {}, bookedSite([tables], {}, rules))).toBeNull();
  });
  it('in Spanish for a Spanish booking', () => {
    const grass = { surface: 'grass', outlet: 'yes', accessInches: 48, stairFlights: 0 } as const;
    expect(sitePreparation(setupSpot([castle, slide]), grass, bookedSite([castle, slide], grass, rules), 'es')).toBe(
      'Por favor, deje libre 40 × 15 pies de pasto plano, con 3 enchufes a menos de 50 pies en circuitos separados de 20 amperios, un portón o puerta de al menos 42 pulgadas de ancho en el camino y una llave de agua para manguera cerca.',
    );
    const indoor = { surface: 'indoor', outlet: 'no' } as const;
    expect(sitePreparation(setupSpot([castle, generator]), indoor, bookedSite([castle, generator], indoor, rules), 'es')).toBe(
      'Por favor, deje libre 19 × 19 pies de piso bajo techo, con espacio para el generador que llevamos, un portón o puerta de al menos 36 pulgadas de ancho en el camino y un techo de al menos 16 pies de alto.',
    );
    expect(sitePreparation(setupSpot([tables]), { surface: 'grass' }, bookedSite([tables], {}, rules), 'es')).toBe('Por favor, deje libre el lugar de instalación sobre el pasto.');
    expect(sitePreparation(setupSpot([tables]), {}, bookedSite([tables], {}, rules), 'es')).toBeNull();
  });
  it('repeats their answers', () => {
    const answers = { surface: 'concrete', outlet: 'no', accessInches: 40, stairFlights: 1 } as const;
    expect(siteToldUs(answers, bookedSite([castle, generator], answers, rules))).toBe(
      'You told us: concrete, no outlet within 50 ft (we bring a generator), a gate or door 40 in wide, 1 flight of stairs.',
    );
    expect(siteToldUs({ outlet: 'unsure', accessInches: 'unsure' }, bookedSite([castle], {}, rules))).toBe('You told us: not sure of an outlet within 50 ft, not sure how wide the gate is.');
    expect(siteToldUs({}, bookedSite([castle], {}, rules))).toBeNull();
  });
  it('repeats their answers in Spanish to a Spanish customer', () => {
    const answers = { surface: 'concrete', outlet: 'no', accessInches: 40, stairFlights: 1 } as const;
    expect(siteToldUs(answers, bookedSite([castle, generator], answers, rules), 'es')).toBe(
      'Nos dijo: concreto, sin enchufe a menos de 50 pies (llevamos un generador), un portón o puerta de 40 pulgadas de ancho, 1 tramo de escaleras.',
    );
    expect(siteToldUs({ surface: 'indoor', outlet: 'unsure', accessInches: 'unsure', stairFlights: 0, ceilingFt: 'unsure' }, bookedSite([castle], {}, rules), 'es')).toBe(
      'Nos dijo: instalación bajo techo, no sabe si hay un enchufe a menos de 50 pies, no sabe qué tan ancho es el portón, sin escaleras, no sabe qué tan alto es el techo.',
    );
    expect(siteToldUs({}, bookedSite([castle], {}, rules), 'es')).toBeNull();
  });
});
