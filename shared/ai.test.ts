import { describe, expect, it } from '@jest/globals';
import { hasTextToImprove, hasTextToSummarize } from './ai.ts';

describe('hasTextToImprove', () => {
  it('needs a description with some text; blank lines and spaces are nothing to improve', () => {
    expect(hasTextToImprove({ description: 'Led a team of 5' })).toBe(true);
    expect(hasTextToImprove({ description: '\n  Shipped the app\n' })).toBe(true);
    expect(hasTextToImprove({ description: '' })).toBe(false);
    expect(hasTextToImprove({ description: ' \n\t\n ' })).toBe(false);
  });
});

describe('hasTextToSummarize', () => {
  const blank = { personalInfo: { jobTitle: ' ' }, experience: [], skills: [], education: [] };

  it('needs a title, a position, a skill or a degree; a name and contact details are not enough', () => {
    expect(hasTextToSummarize(blank)).toBe(false);
    expect(hasTextToSummarize({ ...blank, experience: [{ position: '  ' }] })).toBe(false);
    expect(hasTextToSummarize({ ...blank, personalInfo: { jobTitle: 'Nurse' } })).toBe(true);
    expect(hasTextToSummarize({ ...blank, experience: [{ position: 'Charge Nurse' }] })).toBe(true);
    expect(hasTextToSummarize({ ...blank, skills: [{ name: 'Triage' }] })).toBe(true);
    expect(hasTextToSummarize({ ...blank, education: [{ degree: 'bachelor' }] })).toBe(true);
  });
});
