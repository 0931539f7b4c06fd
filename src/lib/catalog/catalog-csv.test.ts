import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../imports/csv-import';
import { NO_SITE_RULES } from './site-requirements';
import { catalogColumns, catalogCsv, parseCatalogTable, photoRef, requiredCatalogColumns, type ExportedProduct } from './catalog-csv';

const SITE = 'https://rentals.example';
const parse = (text: string) => {
  const read = readCsv(new TextEncoder().encode(text), { known: catalogColumns, required: requiredCatalogColumns });
  if (!read.ok) throw new Error(read.message);
  return parseCatalogTable(read.table, SITE);
};

describe('catalog rows', () => {
  it('turns a row into a product with defaults for what is left out', () => {
    const [row] = parse('name,category,description,price\nBuckeye Castle,Bounce Houses,A red castle. Fits eight kids.,175');
    expect(row!.errors).toEqual({});
    expect(row!.photos).toEqual([]);
    expect(row!.draft).toMatchObject({
      categoryName: 'Bounce Houses',
      units: 1,
      fields: { slug: 'buckeye-castle', name: 'Buckeye Castle', shortDescription: 'A red castle.', basePriceCents: 17500, baseHours: 4, pricingUnit: 'rental', tracksInventory: true, active: true, featured: false, surfaces: [] },
    });
  });

  it('reads a file Excel saved with semicolons with its decimal commas, and asks for them in its examples', () => {
    const [good, bad] = parse('name;category;description;price;blower_hp\nCastillo;Brincolines;Un castillo.;1.200,50;1,5\nTobogán;Brincolines;Un tobogán.;175.50;1.5');
    expect(good!.errors).toEqual({});
    expect(good!.draft!.fields).toMatchObject({ basePriceCents: 120050, blowerHp: 1.5 });
    expect(bad!.errors).toEqual({ price: 'Enter an amount in dollars, e.g. 185 or 185,50', blower_hp: 'Enter a number, e.g. 15 or 15,5' });
  });

  it('names the cell of each error, with the editor’s own rules', () => {
    const [row] = parse(
      'name,category,description,price,half_day_price,units,surfaces,age_min,capacity,water_hookup,pricing_unit,photos\n' +
        'Castle,,A castle.,100,150,-1,grass|lava,200,0,maybe,hourly,ftp://x/a.jpg',
    );
    expect(row!.draft).toBeNull();
    expect(row!.errors).toMatchObject({
      category: 'Enter a category name',
      units: expect.stringMatching(/0 \(made to order\)/),
      surfaces: expect.stringMatching(/lava/),
      age_min: 'At most 99',
      capacity: 'At least 1',
      water_hookup: 'Enter yes or no',
      pricing_unit: 'Enter rental or each',
    });
    const [halfDay] = parse('name,category,description,price,half_day_price\nCastle,C,A castle.,100,150');
    expect(halfDay!.errors).toEqual({ half_day_price: 'Cannot be more than the full price' });
  });

  it('refuses the same name or web address name twice in the file', () => {
    const rows = parse('name,slug,category,description,price\nCastle,,C,D,1\ncastle,,C,D,1\nOther,castle,C,D,1');
    expect(rows[1]!.errors.name).toBe('Same name as row 2');
    expect(rows[2]!.errors.slug).toMatch(/Same web address name \(castle\) as row 2/);
  });

  it('reads photos as addresses, site paths or zip file names, with their descriptions', () => {
    const [row] = parse(`name,category,description,price,photos,photo_alts\nCastle,C,D,1,https://cdn.example/a.jpg|photos/b.png|${SITE}/images/c.jpg,Front view`);
    expect(row!.photos).toEqual([
      { ref: { kind: 'url', url: 'https://cdn.example/a.jpg' }, alt: 'Front view', altEs: null },
      { ref: { kind: 'file', name: 'photos/b.png' }, alt: 'Castle, photo 2', altEs: null },
      { ref: { kind: 'site', path: '/images/c.jpg' }, alt: 'Castle, photo 3', altEs: null },
    ]);
    expect(photoRef('../etc/passwd', SITE)).toBe('invalid');
    expect(parse('name,category,description,price,photos\nCastle,C,D,1,a.jpg|A.JPG')[0]!.errors.photos).toMatch(/named twice/);
  });
});

describe('catalog export', () => {
  const product: ExportedProduct = {
    slug: 'castle',
    name: 'Castle',
    categoryName: 'Bounce Houses',
    ...NO_SITE_RULES,
    shortDescription: '-fun for all',
    description: '=HYPERLINK("http://evil")',
    nameEs: 'Castillo',
    shortDescriptionEs: 'Para todos',
    descriptionEs: 'Un castillo. Para ocho niños.',
    included: ['Blower', 'Stakes'],
    includedEs: ['Soplador', 'Estacas'],
    lengthFt: 15,
    widthFt: 15.5,
    heightFt: null,
    spaceLengthFt: null,
    spaceWidthFt: null,
    capacity: 8,
    ageMin: 3,
    ageMax: null,
    outletsRequired: 1,
    blowerHp: 1.5,
    waterHookup: false,
    surfaces: ['grass', 'indoor'],
    setupMinutes: null,
    teardownMinutes: 30,
    pricingUnit: 'rental',
    basePriceCents: 17550,
    baseHours: 6,
    halfDayPriceCents: 15000,
    extraDayPriceCents: null,
    tracksInventory: true,
    featured: true,
    sortOrder: -2,
    seoTitle: null,
    seoDescription: 'Rent it',
    active: false,
    cakeBaseServings: null,
    cakeBaseTiers: null,
    cakeMaxTiers: null,
    unitCount: 3,
    photos: [{ url: '/api/product-photos/x.jpg', alt: 'Front', altEs: 'Frente' }],
  };

  it('neutralises formulas, writes photos as absolute addresses, and reads back as the same product', () => {
    const csv = catalogCsv([product], SITE);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`${SITE}/api/product-photos/x.jpg`);
    const [row] = parse(csv);
    expect(row!.errors).toEqual({});
    const { categoryName, unitCount, photos: _photos, ...fields } = product;
    expect(row!.draft).toEqual({ categoryName, units: unitCount, fields });
    expect(row!.photos).toEqual([{ ref: { kind: 'site', path: '/api/product-photos/x.jpg' }, alt: 'Front', altEs: 'Frente' }]);
  });

  it('writes what is included and the photos’ descriptions in Spanish in their columns, blank for none, and reads them back', () => {
    const photos = [
      { url: '/api/product-photos/a.jpg', alt: 'Front', altEs: null },
      { url: '/api/product-photos/b.jpg', alt: 'Side', altEs: 'Lado' },
    ];
    const csv = catalogCsv([{ ...product, photos }, { ...product, slug: 'plain', name: 'Plain', includedEs: null, photos: [{ ...photos[0]!, altEs: null }] }], SITE);
    expect(csv.split('\n')[0]).toContain('included,included_es,price');
    expect(csv.split('\n')[0]).toContain('photos,photo_alts,photo_alts_es');
    const [translated, plain] = parse(csv);
    expect(translated!.cells).toMatchObject({ included_es: 'Soplador|Estacas', photo_alts_es: '|Lado' });
    expect(translated!.draft!.fields.includedEs).toEqual(['Soplador', 'Estacas']);
    expect(translated!.photos.map((p) => p.altEs)).toEqual([null, 'Lado']);
    expect(plain!.cells).toMatchObject({ included_es: '', photo_alts_es: '' });
    expect(plain!.draft!.fields.includedEs).toBeNull();
    expect(plain!.photos.map((p) => p.altEs)).toEqual([null]);
  });

  it('names the Spanish cell that is too long or has more descriptions than photos', () => {
    const head = 'name,category,description,price,included_es,photos,photo_alts_es';
    const [row] = parse(`${head}\nCastle,Bounce Houses,A castle.,175,${'x'.repeat(201)},a.jpg,${'y'.repeat(201)}`);
    expect(row!.draft).toBeNull();
    expect(row!.errors).toEqual({ included_es: 'Use at most 200 characters', photo_alts_es: 'Use at most 200 characters per description' });
    expect(parse(`${head}\nCastle,Bounce Houses,A castle.,175,,a.jpg,Uno|Dos`)[0]!.errors).toEqual({ photo_alts_es: 'More descriptions than photos' });
  });

  it('writes the Spanish names and descriptions in their columns, blank for none, and reads them back', () => {
    const csv = catalogCsv([{ ...product, shortDescriptionEs: null }, { ...product, slug: 'plain', name: 'Plain', nameEs: null, shortDescriptionEs: null, descriptionEs: null }], SITE);
    expect(csv.split('\n')[0]).toContain('description,name_es,short_description_es,description_es,included');
    const [translated, plain] = parse(csv);
    expect(translated!.cells).toMatchObject({ name_es: 'Castillo', short_description_es: '', description_es: 'Un castillo. Para ocho niños.' });
    // A Spanish description without a short one gives its first sentence, as the English does.
    expect(translated!.draft!.fields).toMatchObject({ nameEs: 'Castillo', shortDescriptionEs: 'Un castillo.', descriptionEs: 'Un castillo. Para ocho niños.' });
    expect(plain!.draft!.fields).toMatchObject({ nameEs: null, shortDescriptionEs: null, descriptionEs: null });
  });

  it('writes the site requirements in their columns, blank for no rule, and reads them back', () => {
    const rules = { stakesNeeded: 6, sandbagsNeeded: 4, clearanceFt: 15.5, outletRunFt: 50, circuitAmps: 20, accessWidthIn: 36, maxStairFlights: 0, overnightAllowed: false };
    const csv = catalogCsv([{ ...product, ...rules }, { ...product, slug: 'open-castle', name: 'Open Castle', ...NO_SITE_RULES }], SITE);
    const [withRules, withoutRules] = parse(csv);
    expect(csv.split('\n')[0]).toContain('surfaces,stakes,sandbags,clearance_ft,outlet_run_ft,circuit_amps,access_width_in,max_stair_flights,overnight,setup_minutes');
    expect(withRules!.cells).toMatchObject({ stakes: '6', sandbags: '4', clearance_ft: '15.5', outlet_run_ft: '50', circuit_amps: '20', access_width_in: '36', max_stair_flights: '0', overnight: 'no' });
    expect(withRules!.draft!.fields).toMatchObject(rules);
    expect(withoutRules!.cells).toMatchObject({ stakes: '', sandbags: '', clearance_ft: '', overnight: '' });
    expect(withoutRules!.draft!.fields).toMatchObject(NO_SITE_RULES);
  });

  it('exports a cake’s sizes and reads them back', () => {
    const cake: ExportedProduct = {
      ...product,
      slug: 'sheet-cake',
      name: 'Sheet Cake',
      categoryName: 'Cakes',
      description: 'A sheet cake.',
      pricingUnit: 'each',
      tracksInventory: false,
      unitCount: 0,
      cakeBaseServings: 24,
      cakeBaseTiers: 1,
      cakeMaxTiers: 1,
      photos: [],
    };
    const csv = catalogCsv([cake], SITE);
    expect(csv.split('\n')[0]).toContain('cake_servings,cake_tiers,cake_max_tiers');
    const [row] = parse(csv);
    expect(row!.errors).toEqual({});
    expect(row!.draft!.fields).toMatchObject({ cakeBaseServings: 24, cakeBaseTiers: 1, cakeMaxTiers: 1 });
  });
});

describe('site requirements in the file', () => {
  const head = 'name,category,description,price,stakes,sandbags,clearance_ft,outlet_run_ft,circuit_amps,access_width_in,max_stair_flights,overnight';

  it('reads each requirement, with blank as no rule and yes/no for overnight', () => {
    const [castle, table] = parse(`${head}\nCastle,Bounce Houses,A castle.,175,6,4,16,50,20,36,1,Yes\nTable,Tables,A table.,10,,,,,,,,`);
    expect(castle!.errors).toEqual({});
    expect(castle!.draft!.fields).toMatchObject({ stakesNeeded: 6, sandbagsNeeded: 4, clearanceFt: 16, outletRunFt: 50, circuitAmps: 20, accessWidthIn: 36, maxStairFlights: 1, overnightAllowed: true });
    expect(table!.draft!.fields).toMatchObject(NO_SITE_RULES);
    // A file made before these columns existed imports with no rules.
    expect(parse('name,category,description,price\nChairs,Tables,Chairs.,2')[0]!.draft!.fields).toMatchObject(NO_SITE_RULES);
  });

  it('names the cell of each bad requirement, with the editor’s messages', () => {
    const [row] = parse(`${head}\nCastle,Bounce Houses,A castle.,175,-1,4.5,0,5,100,30 in,99,maybe`);
    expect(row!.draft).toBeNull();
    expect(row!.errors).toEqual({
      stakes: 'At least 0 stakes',
      sandbags: 'Enter a whole number',
      clearance_ft: 'Must be more than 0',
      outlet_run_ft: 'At least 10 feet',
      circuit_amps: 'At most 60 amps',
      access_width_in: 'Enter a whole number',
      max_stair_flights: 'At most 10 flights',
      overnight: 'Enter yes or no',
    });
  });
});

describe('cake sizes in the file', () => {
  it('reads a cake’s base size and checks it with the editor’s rules', () => {
    const [cake] = parse('name,category,description,price,units,cake_servings,cake_tiers,cake_max_tiers\nTwo-Tier Cake,Cakes,Two tiers.,110,0,30,2,3');
    expect(cake!.errors).toEqual({});
    expect(cake!.draft!.fields).toMatchObject({ cakeBaseServings: 30, cakeBaseTiers: 2, cakeMaxTiers: 3 });
    const [empty] = parse('name,category,description,price,cake_servings,cake_tiers,cake_max_tiers\nPlain Cake,Cakes,A cake.,40,,,');
    expect(empty!.draft!.fields).toMatchObject({ cakeBaseServings: null, cakeBaseTiers: null, cakeMaxTiers: null });
    const [bad] = parse('name,category,description,price,cake_servings,cake_tiers,cake_max_tiers\nBad Cake,Cakes,A cake.,40,12,3,2');
    expect(bad!.draft).toBeNull();
    expect(bad!.errors).toEqual({ cake_max_tiers: 'Must not be below the base size’s 3 tiers' });
    const [few] = parse('name,category,description,price,cake_servings,cake_tiers\nTall Cake,Cakes,A cake.,40,20,3');
    expect(few!.errors).toEqual({ cake_servings: '3 tiers need at least 30 servings' });
    expect(parse('name,category,description,price,cake_tiers\nHuge Cake,Cakes,A cake.,40,9')[0]!.errors).toEqual({ cake_tiers: 'At most 5' });
  });

});

describe('the sample file the README links to', () => {
  it('is valid and uses every column', () => {
    const text = readFileSync('docs/catalog-import-sample.csv', 'utf8');
    const rows = parse(text);
    expect(rows.map((r) => r.errors)).toEqual(rows.map(() => ({})));
    expect(rows.map((r) => r.draft!.units)).toEqual([2, 1, 0, 0]);
    expect(rows[0]!.draft!.fields).toMatchObject({ stakesNeeded: 6, sandbagsNeeded: 4, accessWidthIn: 36, overnightAllowed: true });
    expect(rows[1]!.draft!.fields).toMatchObject({ sandbagsNeeded: null, maxStairFlights: 0, overnightAllowed: false });
    expect(rows[3]!.draft!.fields).toMatchObject({ cakeBaseServings: 24, cakeBaseTiers: 1, cakeMaxTiers: 1 });
    expect(rows[1]!.draft!.fields).toMatchObject({ nameEs: 'Resbaladilla de agua tropical', shortDescriptionEs: 'Una resbaladilla de 18 pies con alberca de chapoteo.' });
    expect(rows[2]!.draft!.fields).toMatchObject({ nameEs: null, shortDescriptionEs: null, descriptionEs: null, includedEs: null });
    expect(rows[0]!.draft!.fields.includedEs).toEqual(['Soplador', 'Estacas', 'Lona']);
    expect(rows[0]!.photos.map((p) => p.altEs)).toEqual(['El castillo inflado en el pasto', 'Vista de lado con la canasta']);
    expect(text.split('\n')[0]!.split(',').length).toBe(catalogColumns.length - 4); // all but slug, sort_order, seo_title and seo_description
  });
});
