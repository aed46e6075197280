import { describe, expect, it } from '@jest/globals';
import { customSectionKind, INTERESTS_ID, PUBLICATIONS_ID } from './extra-sections.ts';

const section = (id: string, title: string) => ({ id, title, items: [] });

describe('customSectionKind', () => {
  it('finds the JSON Resume section of a custom section by the id import gave it', () => {
    expect(customSectionKind(section(PUBLICATIONS_ID, 'Papers'))).toBe('publications');
    expect(customSectionKind(section(INTERESTS_ID, ''))).toBe('interests');
  });

  it('else by its title, in either language, accents and case aside', () => {
    expect(customSectionKind(section('custom-1', 'REFERENCIAS'))).toBe('references');
    expect(customSectionKind(section('custom-2', 'Publicações'))).toBe('publications');
  });

  it('leaves any other custom section to meta.resumeBuilder', () => {
    expect(customSectionKind(section('custom-3', 'Volunteer talks'))).toBeUndefined();
  });
});
