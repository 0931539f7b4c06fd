import { describe, expect, it } from 'vitest';
import { isAppCode, secondFactorCode, secretOfOtpauth, signInEmail, twoFactorRequiredFor } from './sign-in-rules';

describe('sign-in rules', () => {
  it('counts failures per e-mail as typed, whatever its case, and ignores what is not an e-mail', () => {
    expect(signInEmail(' Sam@Example.COM ')).toBe('sam@example.com');
    expect(signInEmail('not an e-mail')).toBeNull();
    expect(signInEmail('a\u0000@b.com')).toBeNull();
    expect(signInEmail({ $ne: null })).toBeNull();
    expect(signInEmail(`${'a'.repeat(320)}@b.com`)).toBeNull();
  });

  it('sends six digits to the app check and anything else to the recovery codes', () => {
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('123 456')).toBe(true);
    expect(isAppCode('12345')).toBe(false);
    expect(isAppCode('abcde-12345')).toBe(false);
  });

  it('takes a recovery code with or without its dash, and drops spaces', () => {
    expect(secondFactorCode.parse('aB3dE fG7h9')).toBe('aB3dE-fG7h9');
    expect(secondFactorCode.parse('aB3dE-fG7h9')).toBe('aB3dE-fG7h9');
    expect(secondFactorCode.parse(' 123 456 ')).toBe('123456');
    expect(secondFactorCode.safeParse('').success).toBe(false);
    expect(secondFactorCode.safeParse('x'.repeat(65)).success).toBe(false);
  });

  it('reads the key out of an otpauth URI, and requires a second factor of owners only', () => {
    expect(secretOfOtpauth('otpauth://totp/Shop:sam%40x.com?secret=JBSWY3DPEHPK3PXP&issuer=Shop')).toBe('JBSWY3DPEHPK3PXP');
    expect(secretOfOtpauth('nonsense')).toBe('');
    expect(twoFactorRequiredFor('owner')).toBe(true);
    expect(twoFactorRequiredFor('manager')).toBe(false);
  });
});
