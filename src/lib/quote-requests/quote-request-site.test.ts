import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_RULES } from '../business';
import type { Product } from '../catalog';
import { requestSite, requestSiteUnits, type RequestSiteRules } from './quote-request-site';

const rules: RequestSiteRules = { ...DEFAULT_SITE_RULES, generator: { slug: 'generator', name: 'Generator' } };
const noRule = { surfaces: [], stakesNeeded: null, sandbagsNeeded: null, spaceLengthFt: null, spaceWidthFt: null, clearanceFt: null, outletsRequired: 0, outletRunFt: null, circuitAmps: null, waterHookup: false, accessWidthIn: null, maxStairFlights: null, overnightAllowed: null };
const product = (slug: string, over: Partial<Product> = {}) => ({ slug, name: slug, ...noRule, packageItems: [], ...over }) as unknown as Product;

const castle = product('castle', { surfaces: ['grass', 'concrete'], sandbagsNeeded: 4, outletsRequired: 1, outletRunFt: 50, accessWidthIn: 36 });
const slide = product('slide', { name: 'Splash Slide', surfaces: ['grass'] });
const tables = product('tables');
const party = product('party-pack', { packageItems: [{ slug: 'castle', name: 'castle', quantity: 2 }, { slug: 'tables', name: 'tables', quantity: 1 }] });
const bySlug = new Map([castle, slide, tables, party].map((p) => [p.slug, p]));

describe('the quote request’s setup-spot questions', () => {
  it('carries only the units that ask something: a package is its items, a table set nothing', () => {
    expect(requestSiteUnits(tables, bySlug)).toEqual([]);
    expect(requestSiteUnits(party, bySlug)).toEqual([{ slug: 'castle', name: 'castle', count: 2, needs: expect.objectContaining({ sandbagsNeeded: 4 }), within: party.name }]);
  });

  it('asks what the listed rentals need, as checkout asks it, and nothing for a rule-less list', () => {
    expect(requestSite([], {}, rules).questions).toEqual([]);
    const site = requestSite([{ units: requestSiteUnits(castle, bySlug), quantity: 1 }], {}, rules);
    expect(site).toMatchObject({ questions: ['surface', 'outlet', 'access'], unanswered: ['surface', 'outlet', 'access'], outletRunFt: 50, refusals: [] });
    expect(site.help.surface).toBe(DEFAULT_SITE_RULES.help.surface);
  });

  it('refuses at its question with the engine’s words; an answer the schema refuses counts as none', () => {
    const site = requestSite([{ units: requestSiteUnits(slide, bySlug), quantity: 1 }], { surface: 'concrete' }, rules);
    expect(site.refusals).toEqual([{ field: 'site.surface', product: 'slide', message: 'The Splash Slide can’t be set up on concrete. It needs grass.', alternatives: [] }]);
    expect(requestSite([{ units: requestSiteUnits(slide, bySlug), quantity: 1 }], { surface: 'lava' }, rules).refusals).toEqual([]);
  });
});
