import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_RULES } from '../business';
import { checkSite, type SiteUnit } from '../site-check';
import { autoChargeOffer } from './auto-charge-offer';
import { generatorRefusal } from './cart-site';
import type { BookableProduct } from './evaluate-cart';
import { quoteInLanguage } from './quote-language';

/**
 * Issue #40: the words the server writes into a price (the setup spot's lines and refusals, the coupon's,
 * the area's and the cart's messages, the auto-charge consent) for a Spanish checkout; English untouched.
 */
const ENGLISH = /(?<!\p{L})(the|your|you|and|on|of|at|to|needs|wide|stairs|flights?|sandbags?|setup|overnight|coupon|order|orders|area|please|call|can|choose|set up|save|card|charge|balance|party|before)(?!\p{L})/iu;

const castle: SiteUnit = {
  slug: 'castle', name: 'Castillo Rosa', count: 1,
  needs: { surfaces: ['grass'], sandbagsNeeded: 4, stakesNeeded: 6, outletsRequired: 1, outletRunFt: 50, circuitAmps: 20, accessWidthIn: 40, maxStairFlights: 0, clearanceFt: 16, spaceLengthFt: 15, spaceWidthFt: 15, overnightAllowed: false },
} as unknown as SiteUnit;
const slide: SiteUnit = { ...castle, slug: 'slide', name: 'Tobogán', needs: { ...castle.needs, surfaces: [], maxStairFlights: 2, overnightAllowed: true } } as unknown as SiteUnit;
const rules = { ...DEFAULT_SITE_RULES, sandbagSetFeeCents: 2000, hardSurfaceFeeCents: 1500, stairsFeePerFlightCents: 1000, overnightFeeCents: 5000, servedSurfaces: ['grass', 'concrete'] };

/** Every line and refusal the check makes for a yard that asks a lot of both units. */
function hardYard() {
  const answers = { surface: 'concrete', outlet: 'no', accessInches: 30, stairFlights: 3, ceilingFt: 10 } as const;
  const check = checkSite({ units: [castle, slide], answers, rules: rules as never, nights: 1, generator: null, generatorsInCart: 0, answersRequired: true });
  const indoors = checkSite({ units: [castle], answers: { surface: 'indoor' }, rules: rules as never, nights: 0, generator: null, generatorsInCart: 0, answersRequired: true });
  return { charges: check.charges, refusals: [...check.refusals, ...indoors.refusals] };
}

const quote = () => {
  const { charges, refusals } = hardYard();
  return {
    lines: [{ reason: 'Sorry, the Castillo Rosa is already booked for that time.' }, { reason: null }],
    coupon: { code: 'FIESTA', error: 'This coupon needs an order of at least $200.' },
    siteCharges: charges,
    site: { refusals },
    minimumOrderError: 'Orders delivered to this area start at $150.',
    problem: refusals[0]!.message,
  };
};

describe('the server’s words of a price, for a Spanish checkout', () => {
  it('English is returned as it is', () => {
    const english = quote();
    expect(quoteInLanguage(english, 'en', null)).toBe(english);
  });

  it('Spanish: every line, refusal and message, with the product names as stored', async () => {
    const english = quote();
    expect(english.siteCharges.length).toBeGreaterThanOrEqual(4);
    expect(english.site.refusals.length).toBeGreaterThanOrEqual(5);
    const catalog = (await import('../i18n/server-errors/es.json')).default;
    const spanish = quoteInLanguage(english, 'es', catalog);
    const texts = [
      ...spanish.siteCharges.flatMap((c) => [c.label, c.reason]),
      ...spanish.site.refusals.map((r) => r.message),
      spanish.coupon.error!, spanish.minimumOrderError!, spanish.problem!, spanish.lines[0]!.reason!,
    ];
    for (const text of texts) expect(text.replace(/Castillo Rosa|Tobogán/g, ''), text).not.toMatch(ENGLISH);
    expect(spanish.siteCharges.map((c) => c.label)).toContain('Sacos de arena: Tobogán');
    expect(spanish.siteCharges.map((c) => c.reason)).toContain('3 tramos de escaleras hasta el lugar de instalación');
    // Carried up the stairs (por), not "climbed" by the unit: as the refusal of a unit that takes none says it.
    expect(spanish.site.refusals.map((r) => r.message)).toContain('Tobogán se puede subir por 2 tramos de escaleras como máximo.');
    expect(spanish.coupon.error).toBe('Este cupón requiere un pedido de al menos $200.');
    expect(spanish.siteCharges.map((c) => c.cents)).toEqual(english.siteCharges.map((c) => c.cents));
  });

  it('Spanish: a ceiling in feet and inches (9.5 ft), and the generator booked for that time, among the refusals the questions show', async () => {
    const tall = { ...castle, needs: { ...castle.needs, surfaces: ['grass', 'indoor'], clearanceFt: 10.5 } } as SiteUnit;
    const indoors = checkSite({ units: [tall], answers: { surface: 'indoor', ceilingFt: 9.5 }, rules: DEFAULT_SITE_RULES, nights: 0, generator: null, generatorsInCart: 0, answersRequired: false });
    const generator = { id: 'gen', slug: 'generador', name: 'Generador Silencioso' } as BookableProduct;
    const booked = generatorRefusal({ answers: {}, check: { ...indoors, outletRunFt: 50 }, addedGenerator: generator }, [{ product: generator, quantity: 1 }], { lines: [{ available: false }] } as never)!;
    const refusals = [...indoors.refusals, booked];
    const english = { ...quote(), site: { refusals }, problem: refusals[0]!.message };
    expect(english.site.refusals.map((r) => r.message)).toEqual([
      'The Castillo Rosa needs a ceiling at least 10.5 ft high; yours is 9.5 ft.',
      'There’s no outlet in reach and our Generador Silencioso is booked for that time. Choose a spot within 50 ft of an outlet, or another date.',
    ]);
    const spanish = quoteInLanguage(english, 'es', (await import('../i18n/server-errors/es.json')).default);
    expect(spanish.site.refusals.map((r) => r.message)).toEqual([
      'Castillo Rosa necesita un techo de al menos 10.5 pies de alto; el suyo mide 9.5 pies.',
      'No hay un enchufe al alcance y nuestro Generador Silencioso está reservado para ese horario. Elija un lugar a menos de 50 pies de un enchufe, u otra fecha.',
    ]);
    expect(spanish.problem).toBe(spanish.site.refusals[0]!.message);
  });

  it('the generators a yard needs when fewer are free than needed: how many, not "booked", in Spanish with the generator’s Spanish name', () => {
    const generator = { id: 'gen', slug: 'generator', name: 'Quiet Generator' } as BookableProduct;
    const noOutlet = checkSite({ units: [], answers: {}, rules: DEFAULT_SITE_RULES, nights: 0, generator: null, generatorsInCart: 0, answersRequired: false });
    const site = { answers: {}, check: { ...noOutlet, outletRunFt: 50 }, addedGenerator: generator };
    const refusal = (needed: number, freeCount: number) =>
      generatorRefusal(site, [{ product: generator, quantity: needed }], { lines: [{ available: false, freeCount }] } as never)!.message;
    const names = new Map([['Quiet Generator', 'Generador Silencioso']]);
    const spanish = (message: string) => quoteInLanguage({ ...quote(), site: { refusals: [{ message }] } }, 'es', null, names).site.refusals[0]!.message;

    expect(refusal(3, 2)).toBe('There’s no outlet in reach and your rentals need 3 generators, but only 2 Quiet Generator units are free for that time. Choose a spot within 50 ft of an outlet, or another date.');
    expect(spanish(refusal(3, 2))).toBe('No hay un enchufe al alcance y sus rentas necesitan 3 generadores, pero solo hay 2 unidades de Generador Silencioso libres en ese horario. Elija un lugar a menos de 50 pies de un enchufe, u otra fecha.');
    expect(refusal(2, 1)).toBe('There’s no outlet in reach and your rentals need 2 generators, but only 1 Quiet Generator is free for that time. Choose a spot within 50 ft of an outlet, or another date.');
    expect(spanish(refusal(2, 1))).toBe('No hay un enchufe al alcance y sus rentas necesitan 2 generadores, pero solo hay 1 Generador Silencioso libre en ese horario. Elija un lugar a menos de 50 pies de un enchufe, u otra fecha.');
    // None free: ours is booked, named in Spanish too.
    expect(refusal(2, 0)).toBe('There’s no outlet in reach and our Quiet Generator is booked for that time. Choose a spot within 50 ft of an outlet, or another date.');
    expect(spanish(refusal(2, 0))).toBe('No hay un enchufe al alcance y nuestro Generador Silencioso está reservado para ese horario. Elija un lugar a menos de 50 pies de un enchufe, u otra fecha.');
  });

  it('the auto-charge consent in the page’s language', () => {
    const settings = { autoChargeBalance: true, autoChargeDaysBefore: 2, timezone: 'America/Chicago', currency: 'usd' };
    const figures = { totalCents: 30000, depositCents: 10000, eventStart: new Date('2027-07-10T15:00:00Z'), now: new Date('2027-06-01T15:00:00Z') };
    expect(autoChargeOffer(settings, figures)!.consent).toBe('We’ll save this card and charge the balance of $200 to it on Thursday, July 8, 2027 (2 days before your party). You can pay it another way before then.');
    const es = autoChargeOffer(settings, figures, 'es')!.consent;
    expect(es).toBe('Guardaremos esta tarjeta y le cobraremos el saldo de $200 el jueves, 8 de julio de 2027 (2 días antes de su fiesta). Puede pagarlo de otra forma antes de esa fecha.');
  });
});
