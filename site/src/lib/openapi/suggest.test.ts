import { describe, expect, it } from 'vitest';
import { closeMatches, hint } from './suggest';

describe('closeMatches', () => {
  it('finds names that contain the wanted one or differ by a typo', () => {
    expect(closeMatches('Holidays', ['Holiday', 'Tax', 'Menu'])).toEqual(['Holiday']);
    expect(closeMatches('ModifierGrop', ['Modifier', 'ModifierGroup', 'Item'])).toEqual(['ModifierGroup']);
    expect(closeMatches('dps', ['partner', 'dsp', 'pos', 'events'])).toEqual(['dsp']);
  });

  it('lists what exists when nothing is close', () => {
    expect(hint('Zebra', ['Holiday', 'Tax'])).toBe('Available: Holiday, Tax.');
  });
});
