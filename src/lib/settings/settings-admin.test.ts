import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '../business/schema';
import { DEFAULT_SITE_RULES } from '../business/site-rules';
import { changedPageFields, changesSection, parseZipList, paymentsSection, sectionValues, serviceAreaBody, siteSection } from './settings-admin';

const hours = { mon: { open: '08:00', close: '20:00' }, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const base = { businessName: 'A', phone: '5125550000', holdMinutes: 30, officeHours: hours, depositPercent: 30 } as unknown as BusinessSettings;

describe('changedPageFields', () => {
  it('names changed fields that pages print, ignoring key order and fields pages never show', () => {
    const reordered = { ...base, officeHours: Object.fromEntries(Object.entries(hours).reverse()), holdMinutes: 60 } as BusinessSettings;
    expect(changedPageFields(base, reordered)).toEqual([]);
    expect(changedPageFields(base, { ...base, phone: '5125551111', depositPercent: 50 })).toEqual(['phone', 'depositPercent']);
  });
});

describe('section schemas', () => {
  it('dedupes and sorts ZIP codes and reads them from typed text', () => {
    expect(parseZipList('78665, 78664\n78665;')).toEqual(['78665', '78664', '78665']);
    const area = serviceAreaBody.parse({ slug: 'a', city: 'A', state: 'TX', zipCodes: ['78665', '78664', '78665'], deliveryFeeCents: 0, taxRateBps: 825, minimumOrderCents: 0, active: true });
    expect(area.zipCodes).toEqual(['78664', '78665']);
  });

  it('keeps the damage waiver percent to two decimals', () => {
    const ok = { paymentMode: 'pay_later', depositMode: 'percent', depositPercent: 30, depositFlatCents: 0, depositMinimumCents: 0, balanceDueDaysBefore: 0, damageWaiverPercent: 7.5, damageWaiverOptional: true, taxDeliveryFee: true, taxDamageWaiver: false, autoChargeBalance: false, autoChargeDaysBefore: 2 };
    expect(paymentsSection.safeParse(ok).success).toBe(true);
    expect(paymentsSection.safeParse({ ...ok, damageWaiverPercent: 7.125 }).success).toBe(false);
  });

  it('lets the credit limit reach the refund limit (no credit tier) but not pass it', () => {
    const policy = { cancellationRefundDays: 2, cancellationCreditHours: 48, creditExpiryMonths: 12, changeCutoffHours: 48, rainOutAnswerDays: 14 };
    expect(changesSection.safeParse(policy).success).toBe(true);
    const beyond = changesSection.safeParse({ ...policy, cancellationCreditHours: 49 });
    expect(beyond.error?.issues).toMatchObject([{ path: ['cancellationCreditHours'], message: 'Must not be more than the full-refund limit in hours' }]);
    expect(changesSection.safeParse({ ...policy, cancellationRefundDays: 0, cancellationCreditHours: 0 }).success).toBe(true);
  });

  it('takes the site rules whole and says at the field what is wrong with them', () => {
    expect(siteSection.parse({ siteRules: DEFAULT_SITE_RULES })).toEqual({ siteRules: DEFAULT_SITE_RULES });
    expect(sectionValues({ ...base, siteRules: DEFAULT_SITE_RULES }, 'site')).toEqual({ siteRules: DEFAULT_SITE_RULES });
    const bad = siteSection.safeParse({
      siteRules: { ...DEFAULT_SITE_RULES, servedSurfaces: ['grass', 'lava'], sandbagSetFeeCents: -100, overnightFeeCents: 12.5, generatorProductSlug: 'Big Generator', outletsPerGenerator: 0, help: { ...DEFAULT_SITE_RULES.help, access: 'x'.repeat(301) } },
    });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      'siteRules.servedSurfaces.1': 'Unknown surface',
      'siteRules.sandbagSetFeeCents': 'Cannot be negative',
      'siteRules.overnightFeeCents': 'Whole cents only',
      'siteRules.generatorProductSlug': 'Choose a product',
      'siteRules.outletsPerGenerator': 'At least 1',
      'siteRules.help.access': 'At most 300 characters',
    });
    expect(siteSection.safeParse({ siteRules: { ...DEFAULT_SITE_RULES, servedSurfaces: [] } }).error?.issues[0]?.message).toBe('Choose at least one surface');
  });
});
