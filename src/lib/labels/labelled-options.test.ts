import { describe, expect, it } from 'vitest';
import { labelledOptions } from './labelled-options';

describe('labelledOptions', () => {
  it('lists each id with its words, in the order written', () => {
    expect(labelledOptions({ profile: 'Business profile', 'America/New_York': 'Eastern (New York)' })).toEqual([
      { id: 'profile', label: 'Business profile' },
      { id: 'America/New_York', label: 'Eastern (New York)' },
    ]);
  });
});
