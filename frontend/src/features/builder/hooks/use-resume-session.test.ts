/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import {
  defaultPageSize,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  resumeContentSchema,
} from '#shared/resume';
import { newDocument } from './use-resume-session.ts';

const user = { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Souza' };

describe('newDocument', () => {
  it.each(['en', 'pt-BR'] as const)(
    'is the resume the schema makes of the name, e-mail, titles and page size (%s), in the same key order',
    (language) => {
      const fromSchema = resumeContentSchema.parse({
        title: 'Resume · March 2026',
        personalInfo: { firstName: 'Ana', lastName: 'Souza', email: 'ana@example.com' },
        sectionTitle: language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles,
        settings: { language, pageSize: defaultPageSize(language) },
      });

      const built = newDocument(user, language, 'Resume · March 2026');

      expect(built).toEqual(fromSchema);
      expect(JSON.stringify(built)).toBe(JSON.stringify(fromSchema));
    },
  );

  it('shares nothing with the titles it starts from', () => {
    const doc = newDocument(user, 'pt-BR', 'Currículo');
    doc.sectionTitle.skills = 'Changed';

    expect(defaultSectionTitlesPtBr.skills).toBe('Habilidades');
  });
});
