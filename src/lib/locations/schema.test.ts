import { describe, expect, it } from 'vitest';
import { stateCode } from './schema';

describe('a state code', () => {
  it('is one on the list of states and territories, not just any two capitals', () => {
    expect(stateCode.safeParse('TX').success).toBe(true);
    expect(stateCode.safeParse('ZZ').error?.issues[0]?.message).toBe('That is not a US state’s code: use its 2 letters, like OH');
    expect(stateCode.safeParse('tx').error?.issues[0]?.message).toBe('Use the 2-letter state code');
  });
});
