import type { CustomSection, ResumeLanguage } from '#shared/resume';
import { normaliseWord } from './choices.ts';

/**
 * What JSON Resume has and our resume has no section for: publications, interests and references become
 * custom sections with these ids (so export finds them again), and project keywords a description line.
 */

export const PUBLICATIONS_ID = 'json-resume-publications';
export const INTERESTS_ID = 'json-resume-interests';
export const REFERENCES_ID = 'json-resume-references';

/** The titles import gives those custom sections, in the resume's language. */
export const customTitles = {
  [PUBLICATIONS_ID]: { en: 'Publications', 'pt-BR': 'Publicações' },
  [INTERESTS_ID]: { en: 'Interests', 'pt-BR': 'Interesses' },
  [REFERENCES_ID]: { en: 'References', 'pt-BR': 'Referências' },
} as const;

// Project keywords have no field of their own in our model: they become the last description line.
export const keywordsPrefix: Record<ResumeLanguage, string> = {
  en: 'Keywords: ',
  'pt-BR': 'Palavras-chave: ',
};

/** Which JSON Resume section a custom section belongs to: by our import id, else by its title. */
export function customSectionKind(
  section: CustomSection,
): 'publications' | 'interests' | 'references' | undefined {
  const title = normaliseWord(section.title);
  const matches = (id: keyof typeof customTitles) =>
    section.id === id || Object.values(customTitles[id]).some((t) => normaliseWord(t) === title);
  if (matches(PUBLICATIONS_ID)) return 'publications';
  if (matches(INTERESTS_ID)) return 'interests';
  if (matches(REFERENCES_ID)) return 'references';
  return undefined;
}
