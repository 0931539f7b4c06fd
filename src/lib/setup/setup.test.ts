import { describe, expect, it } from 'vitest';
import { businessSettings } from '../business/schema';
import { damageWaiverChoice, damageWaiverSettings, percentToBps, resumeStep, setupStepSchemas, setupSteps, usTimeZones } from './setup';
import { damageWaiverOffered } from '../business';
import { startingSettings } from './starting-settings';

describe('the setup wizard’s steps', () => {
  it('resume at the first step not saved, in the wizard’s order, whatever order they were saved in', () => {
    expect(resumeStep([])).toBe('business');
    expect(resumeStep(['business', 'warehouse'])).toBe('address');
    expect(resumeStep(setupSteps.map((s) => s.id).filter((id) => id !== 'payments'))).toBe('payments');
    expect(resumeStep(setupSteps.map((s) => s.id))).toBe('review');
  });

  it('offer only US time zones, each valid for the clock', () => {
    for (const { id } of usTimeZones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: id })).not.toThrow();
    expect(setupStepSchemas.address.safeParse({ addressLine1: '1 Main St', addressCity: 'Columbus', addressState: 'OH', addressZip: '43215', timezone: 'Europe/Paris' }).success).toBe(false);
  });

  it('take a brand colour in any case, stored in lower case, and refuse anything else', () => {
    expect(setupStepSchemas.brand.parse({ brandColor: '#1D4ED8' })).toEqual({ brandColor: '#1d4ed8' });
    expect(setupStepSchemas.brand.safeParse({ brandColor: 'blue' }).error?.issues[0]?.message).toBe('Use a colour like #db2777');
  });

  it('take a tax rate in percent with at most two decimals', () => {
    expect(percentToBps(7.25)).toBe(725);
    const tax = (taxRatePercent: number) => setupStepSchemas.tax.safeParse({ taxRatePercent, taxDeliveryFee: false, taxDamageWaiver: true });
    expect(tax(7.25).success).toBe(true);
    expect(tax(7.125).error?.issues[0]?.message).toBe('Use at most two decimals');
    expect(tax(21).error?.issues[0]?.message).toBe('At most 20 percent');
  });

  it('ask whether there is a damage waiver: none is 0 % (nothing names one), an offered one needs its percent', () => {
    const policies = { depositMode: 'percent', depositPercent: 25, depositFlatCents: 0, depositMinimumCents: 0, balanceDueDaysBefore: 0, cancellationRefundDays: 7 };
    const parse = (damageWaiver: string, damageWaiverPercent: number) => setupStepSchemas.policies.safeParse({ ...policies, damageWaiver, damageWaiverPercent });
    expect(parse('none', 0).success).toBe(true);
    expect(parse('optional', 0).error?.issues).toMatchObject([{ path: ['damageWaiverPercent'], message: 'Enter the percentage, or choose no damage waiver' }]);
    expect(parse('required', 51).error?.issues[0]?.message).toBe('At most 50 percent');
    expect(parse('sometimes', 10).error?.issues[0]?.path).toEqual(['damageWaiver']);

    expect(damageWaiverSettings('none', 10)).toEqual({ damageWaiverPercent: 0, damageWaiverOptional: true });
    expect(damageWaiverSettings('optional', 10)).toEqual({ damageWaiverPercent: 10, damageWaiverOptional: true });
    expect(damageWaiverSettings('required', 7.5)).toEqual({ damageWaiverPercent: 7.5, damageWaiverOptional: false });
    for (const choice of ['none', 'optional', 'required'] as const) expect(damageWaiverChoice(damageWaiverSettings(choice, 9))).toBe(choice);
    expect(damageWaiverOffered(damageWaiverSettings('none', 9))).toBe(false);
    // The empty start offers none until the owner says otherwise.
    expect(damageWaiverChoice(startingSettings(undefined))).toBe('none');
  });
});

describe('the empty start’s settings', () => {
  it('are valid settings that name no business, town or state rule, with the owner’s e-mail', () => {
    const settings = businessSettings.parse(startingSettings('founder@example.org'));
    expect(settings).toMatchObject({ businessName: 'Your business', email: 'founder@example.org', taxDeliveryFee: false, taxDamageWaiver: false });
    expect(JSON.stringify(settings)).not.toMatch(/Pink Flamingo|Round Rock|Austin|Texas|\bTX\b/);
    expect(startingSettings(undefined).email).toBe('owner@example.com');
  });
});
