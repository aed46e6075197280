import { describe, expect, it } from '@jest/globals';
import { hasTextToImprove } from './ai.ts';

describe('hasTextToImprove', () => {
  it('needs a description with some text; blank lines and spaces are nothing to improve', () => {
    expect(hasTextToImprove({ description: 'Led a team of 5' })).toBe(true);
    expect(hasTextToImprove({ description: '\n  Shipped the app\n' })).toBe(true);
    expect(hasTextToImprove({ description: '' })).toBe(false);
    expect(hasTextToImprove({ description: ' \n\t\n ' })).toBe(false);
  });
});
