import type { TFunction } from 'i18next';
import type { ResumeContent, ResumeLanguage, SectionKey, SectionTitleKey } from '#shared/resume';
import { CUSTOM_SECTION_PREFIX, defaultSectionTitles, defaultSectionTitlesPtBr } from '#shared/resume-model';

/** Every section the editor shows: the fixed personal-info header, then the orderable ones. */
export type EditorSectionKey = SectionKey | 'personalInfo';

export function customSectionId(key: EditorSectionKey): string | null {
  return key.startsWith(CUSTOM_SECTION_PREFIX) ? key.slice(CUSTOM_SECTION_PREFIX.length) : null;
}

/** The title as stored: `sectionTitle[key]`, or a custom section's own `title`. */
export function storedTitle(doc: ResumeContent, key: EditorSectionKey): string {
  const id = customSectionId(key);
  if (id !== null) return doc.customSections.find((section) => section.id === id)?.title ?? '';
  return doc.sectionTitle[key as SectionTitleKey] ?? '';
}

/** The built-in title in the resume's own language (what "reset" restores); custom sections have none. */
export function defaultTitle(language: ResumeLanguage, key: EditorSectionKey): string | null {
  if (customSectionId(key) !== null) return null;
  const titles = language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles;
  return titles[key as SectionTitleKey];
}

/** What the editor calls a section: its title, else its default, else "Untitled section". */
export function displayTitle(stored: string, fallback: string | null, t: TFunction): string {
  return stored.trim() || fallback || t('editor.section.untitled');
}

/** The section's element id, for jump links. */
export function sectionDomId(key: EditorSectionKey): string {
  return `editor-section-${key.replace(/[^a-zA-Z0-9-]/g, '-')}`;
}

/** How many items a list section holds; undefined for the summary and personal info. */
export function itemCount(doc: ResumeContent, key: EditorSectionKey): number | undefined {
  const id = customSectionId(key);
  if (id !== null) return doc.customSections.find((section) => section.id === id)?.items.length ?? 0;
  if (key === 'personalInfo' || key === 'objectives') return undefined;
  return doc[key as Exclude<SectionKey, 'objectives' | `custom:${string}`>].length;
}
