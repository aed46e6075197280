import { describe, expect, it } from '@jest/globals';
import { resumeContentSchema } from '../resume.ts';
import { resumeView } from './content.ts';
import { displayUrl, formatDate, formatRange, joinParts, safeHref, telHref } from './format.ts';

const nbsp = '\u00a0';

describe('formatDate', () => {
  it('prints month and year with localised month names, joined by a no-break space', () => {
    expect(formatDate('2021-03', 'en')).toBe(`Mar${nbsp}2021`);
    expect(formatDate('2021-05', 'pt-BR')).toBe(`mai.${nbsp}2021`);
    expect(formatDate('2021-12', 'pt-BR')).toBe(`dez.${nbsp}2021`);
  });

  it('prints a year alone, and keeps text it does not understand', () => {
    expect(formatDate('2018', 'en')).toBe('2018');
    expect(formatDate('Summer 2019', 'en')).toBe('Summer 2019');
    expect(formatDate('', 'en')).toBe('');
  });
});

describe('formatRange', () => {
  it('joins both ends with an en dash', () => {
    expect(formatRange('2017-06', '2021-02', false, 'en')).toBe(`Jun${nbsp}2017 – Feb${nbsp}2021`);
  });

  it('says Present / Atual for current items, whatever the end date says', () => {
    expect(formatRange('2021-03', '2022-01', true, 'en')).toBe(`Mar${nbsp}2021 – Present`);
    expect(formatRange('2021-03', '', true, 'pt-BR')).toBe(`mar.${nbsp}2021 – Atual`);
  });

  it('prints one side alone when the other is missing, and nothing when both are', () => {
    expect(formatRange('2021-03', '', false, 'en')).toBe(`Mar${nbsp}2021`);
    expect(formatRange('', '2020', false, 'en')).toBe('2020');
    expect(formatRange('', '', false, 'en')).toBe('');
    expect(formatRange('2020', '2020', false, 'en')).toBe('2020');
  });
});

describe('links', () => {
  it('allows web, mail and phone links only', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('github.com/ana')).toBe('https://github.com/ana');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref('not a url')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
  });

  it('prints URLs as people read them', () => {
    expect(displayUrl('https://www.linkedin.com/in/ana/')).toBe('linkedin.com/in/ana');
  });

  it('makes tel: links of real numbers only', () => {
    expect(telHref('(512) 555-0147')).toBe('tel:5125550147');
    expect(telHref('n/a')).toBeUndefined();
  });

  it('joins only the parts that exist', () => {
    expect(joinParts(['a', '', '  ', undefined, 'b'], ', ')).toBe('a, b');
  });
});

describe('resumeView', () => {
  it('drops empty items, promotes a lone subtitle, and turns choice ids into words', () => {
    const view = resumeView(
      resumeContentSchema.parse({
        experience: [
          { id: 'e1', company: 'Acme' },
          { id: 'e2', description: '   ' },
        ],
        education: [{ id: 'd1', school: 'USP', degree: 'master', field: 'engineering' }],
        skills: [{ id: 's1', name: 'Go', skillLevelId: 'veryGood' }],
        settings: { language: 'pt-BR' },
      }),
    );
    const experience = view.sections.find((s) => s.key === 'experience');
    expect(experience?.kind === 'entries' && experience.entries.map((e) => [e.title, e.subtitle])).toEqual([
      ['Acme', ''],
    ]);
    const education = view.sections.find((s) => s.key === 'education');
    expect(education?.kind === 'entries' && education.entries[0]?.title).toBe('Mestrado em Engenharia');
    const skills = view.sections.find((s) => s.key === 'skills');
    expect(skills?.kind === 'skills' && skills.skills[0]?.level).toBe('Muito bom');
    expect(experience?.title).toBe('Work Experience');
  });

  it('reads one description line as a paragraph and several as bullets', () => {
    const view = resumeView(
      resumeContentSchema.parse({
        experience: [
          { id: 'a', position: 'A', description: 'One line.' },
          { id: 'b', position: 'B', description: 'First\nSecond' },
          { id: 'c', position: 'C', description: '- A single bullet' },
        ],
      }),
    );
    const experience = view.sections.find((s) => s.key === 'experience');
    const lists = experience?.kind === 'entries' ? experience.entries.map((e) => e.description.asList) : [];
    expect(lists).toEqual([false, true, true]);
  });

  it('joins the soft line breaks of the summary and keeps blank lines as paragraph breaks', () => {
    const view = resumeView(resumeContentSchema.parse({ personalInfo: { summary: 'One.\nTwo.\n\nThree.' } }));
    const summary = view.sections.find((s) => s.key === 'objectives');
    expect(summary?.kind === 'summary' && summary.paragraphs).toEqual({
      lines: ['One. Two.', 'Three.'],
      asList: false,
    });
  });
});
