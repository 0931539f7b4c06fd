import { describe, expect, it } from 'vitest';
import { allocateCredit, codeVerdict, creditCodeCheck, restoreDraws, type SpendableCredit } from './spending';

const credit = (id: string, remainingCents: number, expiresOn: string | null, createdAt = '2026-01-01T00:00:00.000Z'): SpendableCredit => ({ id, remainingCents, expiresOn, createdAt });

describe('spending credit', () => {
  it('takes the credit expiring first, then the next, never-expiring credits last, oldest given first on a tie', () => {
    const credits = [credit('forever', 5000, null), credit('late', 1000, '2027-09-01'), credit('soon', 700, '2027-02-01'), credit('soon-newer', 300, '2027-02-01', '2026-06-01T00:00:00.000Z')];
    expect(allocateCredit(credits, 1500)).toEqual([
      { creditId: 'soon', cents: 700 },
      { creditId: 'soon-newer', cents: 300 },
      { creditId: 'late', cents: 500 },
    ]);
    expect(allocateCredit(credits, 100_000).map((d) => d.cents)).toEqual([700, 300, 1000, 5000]);
    expect(allocateCredit(credits, 0)).toEqual([]);
    expect(allocateCredit([], 500)).toEqual([]);
  });

  it('gives a refund back to the credits drawn on, the last drawn first, after earlier refunds', () => {
    const draws = [
      { creditId: 'a', cents: 700 },
      { creditId: 'b', cents: 300 },
    ];
    expect(restoreDraws(draws, 0, 200)).toEqual([{ creditId: 'b', cents: 200 }]);
    expect(restoreDraws(draws, 200, 500)).toEqual([
      { creditId: 'b', cents: 100 },
      { creditId: 'a', cents: 400 },
    ]);
    expect(restoreDraws(draws, 700, 300)).toEqual([{ creditId: 'a', cents: 300 }]);
    expect(restoreDraws(draws, 1000, 100)).toEqual([]);
  });

  it('a code is right only before it expires and before five wrong tries; none reads like wrong', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const fresh = { expiresAt: new Date('2026-11-27T10:10:00Z'), tries: 0 };
    expect(codeVerdict(fresh, true, now)).toBe('ok');
    expect(codeVerdict(fresh, false, now)).toBe('wrong');
    expect(codeVerdict({ ...fresh, tries: 4 }, true, now)).toBe('ok');
    expect(codeVerdict({ ...fresh, tries: 5 }, true, now)).toBe('locked');
    expect(codeVerdict(fresh, true, new Date('2026-11-27T10:10:00Z'))).toBe('expired');
    expect(codeVerdict(null, true, now)).toBe('none');
  });

  it('reads the code form: six digits, the e-mail lower-cased', () => {
    expect(creditCodeCheck.parse({ email: ' Pat@Example.COM ', code: ' 012345 ' })).toEqual({ email: 'pat@example.com', code: '012345' });
    expect(creditCodeCheck.safeParse({ email: 'pat@example.com', code: '12345a' }).error?.issues[0]?.message).toBe('Enter the 6-digit code');
  });
});
