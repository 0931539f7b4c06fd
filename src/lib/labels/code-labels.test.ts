import { describe, expect, it } from 'vitest';
import { codeLabels } from './code-labels';

describe('codeLabels', () => {
  it('reads each code as words with a capital, in the order of the codes', () => {
    const labels = codeLabels(['new', 'rain_check', 'in_the_oven'] as const);
    expect(labels).toEqual({ new: 'New', rain_check: 'Rain check', in_the_oven: 'In the oven' });
    expect(Object.keys(labels)).toEqual(['new', 'rain_check', 'in_the_oven']);
  });

  it('uses the wording given for the codes that read otherwise', () => {
    expect(codeLabels(['offered', 'converted'] as const, { converted: 'Booked' })).toEqual({ offered: 'Offered', converted: 'Booked' });
  });
});
