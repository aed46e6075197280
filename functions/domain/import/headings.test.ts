import { describe, expect, it } from '@jest/globals';
import { leadingHeading, sectionOfHeading } from './headings.ts';
import { collapseLetterSpacing } from './layout.ts';

describe('sectionOfHeading', () => {
  it.each([
    ['WORK EXPERIENCE', 'experience', 'en'],
    ['Employment History', 'experience', 'en'],
    ['Experiência Profissional', 'experience', 'pt'],
    // Portuguese for 'Career', a heading the English list has.
    ['Carreira', 'experience', 'pt'],
    ['FORMAÇÃO ACADÊMICA', 'education', 'pt'],
    ['Educação', 'education', 'pt'],
    ['Habilidades', 'skills', 'pt'],
    ['Competências', 'skills', 'pt'],
    ['Sobre mim', 'summary', 'pt'],
    ['Objetivo', 'summary', 'pt'],
    ['Idiomas', 'languages', 'pt'],
    ['Certificações', 'certifications', 'pt'],
    ['Prêmios', 'awards', 'pt'],
    ['Voluntariado', 'volunteering', 'pt'],
    ['Licenses & Certifications', 'certifications', 'en'],
    ['Skills:', 'skills', 'en'],
  ])('%s is a %s heading (%s)', (text, kind, language) => {
    expect(sectionOfHeading(text)).toEqual({ kind, language });
  });

  it('does not take a sentence for a heading', () => {
    expect(sectionOfHeading('Experience building reliable web platforms')).toBeUndefined();
  });

  it('reads a letter-spaced heading once it is closed up', () => {
    expect(collapseLetterSpacing('E X P E R I E N C E')).toBe('EXPERIENCE');
    expect(sectionOfHeading(collapseLetterSpacing('E X P E R I E N C E'))?.kind).toBe('experience');
    expect(collapseLetterSpacing('W O R K  E X P E R I E N C E')).toBe('WORK EXPERIENCE');
  });

  it('leaves ordinary short words alone', () => {
    expect(collapseLetterSpacing('A B testing')).toBe('A B testing');
  });
});

describe('leadingHeading', () => {
  it('splits a heading that shares its line with text', () => {
    expect(leadingHeading('EXPERIENCE Acme Corp, Senior Engineer')).toMatchObject({
      heading: 'EXPERIENCE',
      rest: 'Acme Corp, Senior Engineer',
      entry: { kind: 'experience' },
    });
    expect(leadingHeading('FORMAÇÃO ACADÊMICA Universidade de São Paulo')?.entry.kind).toBe('education');
  });

  it('needs the heading in capitals', () => {
    expect(leadingHeading('Experience with large teams')).toBeUndefined();
  });
});
