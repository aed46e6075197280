import type { ResumeContent, ResumeLanguage, SectionKey, SectionTitleKey } from '../resume.ts';
import {
  CUSTOM_SECTION_PREFIX,
  DATE_PATTERN,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  descriptionLines,
  orderedSections,
} from '../resume-model.ts';
import { displayUrl, formatDate, formatRange, joinParts, safeHref, telHref } from './format.ts';
import { stringsFor, type TemplateStrings } from './strings.ts';

/**
 * What a template prints, taken out of the resume once: visible sections in order, fields already
 * formatted and localised, empty items and sections dropped. Templates only lay this out.
 */

export interface LinkView {
  id: string;
  network: string;
  label: string;
  href: string | undefined;
}

export interface TextBlockView {
  /** Bullets when the author wrote several lines (or bullet marks); one plain paragraph otherwise. */
  lines: string[];
  asList: boolean;
}

export interface EntryView {
  id: string;
  title: string;
  titleHref: string | undefined;
  subtitle: string;
  subtitleHref: string | undefined;
  date: string;
  location: string;
  /** Secondary facts on the subtitle line (a grade, a role). */
  meta: string;
  link: LinkView | undefined;
  description: TextBlockView;
}

export interface SkillView {
  id: string;
  name: string;
  level: string;
  keywords: string;
}

export interface LanguageView {
  id: string;
  name: string;
  fluency: string;
}

interface SectionBase {
  key: SectionKey;
  /** '' when the author left a custom section untitled: the template then prints no heading. */
  title: string;
}

export type SectionView =
  | (SectionBase & { kind: 'summary'; paragraphs: TextBlockView })
  | (SectionBase & { kind: 'entries'; entries: EntryView[] })
  | (SectionBase & { kind: 'skills'; skills: SkillView[] })
  | (SectionBase & { kind: 'languages'; languages: LanguageView[] })
  | (SectionBase & { kind: 'links'; links: LinkView[] });

export interface ContactView {
  name: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  email: string;
  emailHref: string | undefined;
  phone: string;
  phoneHref: string | undefined;
  city: string;
}

export interface ResumeView {
  language: ResumeLanguage;
  strings: TemplateStrings;
  contact: ContactView;
  /** The links, unless the author hid their section: single-column templates print them in the header. */
  links: LinkView[];
  sections: SectionView[];
}

const BULLET_MARK = /^\s*[-*•·◦▪]\s+/m;

function textBlock(text: string): TextBlockView {
  const lines = descriptionLines(text);
  return { lines, asList: lines.length > 1 || BULLET_MARK.test(text) };
}

/** Prose (the summary): blank lines separate paragraphs, single line breaks are soft; bullets stay bullets. */
function prose(text: string): TextBlockView {
  if (BULLET_MARK.test(text)) return textBlock(text);
  const lines = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  return { lines, asList: false };
}

function choice(table: Record<string, string>, value: string): string {
  const text = value.trim();
  return Object.hasOwn(table, text) ? (table[text] ?? text) : text;
}

/**
 * Longest link a resume prints: past it the label ends in an ellipsis (the link itself stays whole). Nobody
 * types a 2,000-character address from paper, and in a narrow column it would run taller than a page.
 */
export const MAX_LINK_LABEL = 80;

function link(id: string, network: string, username: string, url: string): LinkView | undefined {
  const href = safeHref(url);
  const shown = displayUrl(url);
  const label = url.trim()
    ? shown.length > MAX_LINK_LABEL
      ? `${shown.slice(0, MAX_LINK_LABEL - 1).trimEnd()}…`
      : shown
    : joinParts([network, username], ' ');
  if (!label) return undefined;
  return { id, network: network.trim(), label, href };
}

function hasContent(entry: EntryView): boolean {
  return (
    Boolean(entry.title || entry.subtitle || entry.date || entry.location || entry.meta || entry.link) ||
    entry.description.lines.length > 0
  );
}

function entry(fields: Partial<EntryView> & { id: string }): EntryView {
  let { title = '', subtitle = '', titleHref, subtitleHref } = fields;
  title = title.trim();
  subtitle = subtitle.trim();
  // A missing title promotes the subtitle, so an item never starts with an empty bold line.
  if (!title && subtitle) {
    title = subtitle;
    titleHref = subtitleHref;
    subtitle = '';
    subtitleHref = undefined;
  }
  return {
    id: fields.id,
    title,
    titleHref,
    subtitle,
    subtitleHref,
    date: fields.date?.trim() ?? '',
    location: fields.location?.trim() ?? '',
    meta: fields.meta?.trim() ?? '',
    link: fields.link,
    description: fields.description ?? { lines: [], asList: false },
  };
}

function titleOf(resume: ResumeContent, key: SectionTitleKey): string {
  const own = resume.sectionTitle[key]?.trim();
  if (own) return own;
  return (resume.settings.language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles)[key];
}

/** The resume as templates print it: localised, formatted, in order, without hidden or empty sections. */
export function resumeView(resume: ResumeContent): ResumeView {
  const language: ResumeLanguage = resume.settings.language === 'pt-BR' ? 'pt-BR' : 'en';
  const strings = stringsFor(language);
  const p = resume.personalInfo;
  const hidden = new Set<string>(resume.hiddenSections);
  const range = (start: string, end: string, current: boolean) => formatRange(start, end, current, language);
  const freeDate = (value: string) => (DATE_PATTERN.test(value.trim()) ? formatDate(value, language) : value);

  const links = resume.links
    .map((l) => link(l.id, l.network, l.username, l.url))
    .filter((l): l is LinkView => l !== undefined);

  const sectionOf = (key: SectionKey): SectionView | undefined => {
    if (key.startsWith(CUSTOM_SECTION_PREFIX)) {
      const custom = resume.customSections.find((s) => `${CUSTOM_SECTION_PREFIX}${s.id}` === key);
      if (!custom) return undefined;
      const entries = custom.items
        .map((item) =>
          entry({
            id: item.id,
            title: item.title,
            subtitle: item.subtitle,
            date: freeDate(item.date),
            link: link(item.id, '', '', item.url),
            description: textBlock(item.description),
          }),
        )
        .filter(hasContent);
      return { key, kind: 'entries', title: custom.title.trim(), entries };
    }
    switch (key) {
      case 'objectives':
        return { key, kind: 'summary', title: titleOf(resume, key), paragraphs: prose(p.summary) };
      case 'experience':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.experience
            .map((x) =>
              entry({
                id: x.id,
                title: x.position,
                subtitle: x.company,
                subtitleHref: safeHref(x.url),
                date: range(x.startDate, x.endDate, x.current),
                location: x.location,
                description: textBlock(x.description),
              }),
            )
            .filter(hasContent),
        };
      case 'education':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.education
            .map((x) => {
              const degree = choice(strings.degrees, x.degree);
              const field = choice(strings.fields, x.field);
              return entry({
                id: x.id,
                title: joinParts([degree, field], degree && field ? strings.degreeFieldJoin : ''),
                subtitle: x.school,
                subtitleHref: safeHref(x.url),
                date: range(x.startDate, x.endDate, x.current),
                location: x.location,
                meta: x.score,
                description: textBlock(x.description),
              });
            })
            .filter(hasContent),
        };
      case 'skills':
        return {
          key,
          kind: 'skills',
          title: titleOf(resume, key),
          skills: resume.skills
            .map((s) => ({
              id: s.id,
              name: s.name.trim(),
              level: choice(strings.skillLevels, s.skillLevelId),
              keywords: joinParts(s.keywords.split(','), ', '),
            }))
            .filter((s) => s.name || s.keywords),
        };
      case 'projects':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.projects
            .map((x) =>
              entry({
                id: x.id,
                title: x.name,
                subtitle: x.role,
                date: range(x.startDate, x.endDate, x.current),
                link: link(x.id, '', '', x.url),
                description: textBlock(x.description),
              }),
            )
            .filter(hasContent),
        };
      case 'certifications':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.certifications
            .map((x) =>
              entry({
                id: x.id,
                title: x.name,
                titleHref: safeHref(x.url),
                subtitle: x.issuer,
                date: formatDate(x.date, language),
              }),
            )
            .filter(hasContent),
        };
      case 'languages':
        return {
          key,
          kind: 'languages',
          title: titleOf(resume, key),
          languages: resume.languages
            .map((l) => ({ id: l.id, name: l.language.trim(), fluency: choice(strings.fluency, l.fluency) }))
            .filter((l) => l.name || l.fluency),
        };
      case 'awards':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.awards
            .map((x) =>
              entry({
                id: x.id,
                title: x.title,
                subtitle: x.awarder,
                date: formatDate(x.date, language),
                description: textBlock(x.description),
              }),
            )
            .filter(hasContent),
        };
      case 'volunteering':
        return {
          key,
          kind: 'entries',
          title: titleOf(resume, key),
          entries: resume.volunteering
            .map((x) =>
              entry({
                id: x.id,
                title: x.position,
                subtitle: x.organization,
                subtitleHref: safeHref(x.url),
                date: range(x.startDate, x.endDate, x.current),
                description: textBlock(x.description),
              }),
            )
            .filter(hasContent),
        };
      case 'links':
        return { key, kind: 'links', title: titleOf(resume, key), links };
      default:
        return undefined;
    }
  };

  const sections = orderedSections(resume)
    .filter((key) => !hidden.has(key))
    .map(sectionOf)
    .filter((section): section is SectionView => section !== undefined && !isEmpty(section));

  const firstName = p.firstName.trim();
  const lastName = p.lastName.trim();
  return {
    language,
    strings,
    contact: {
      name: joinParts([firstName, lastName], ' '),
      firstName,
      lastName,
      jobTitle: p.jobTitle.trim(),
      email: p.email.trim(),
      emailHref: p.email.trim() && !/\s/.test(p.email.trim()) ? `mailto:${p.email.trim()}` : undefined,
      phone: p.phone.trim(),
      phoneHref: telHref(p.phone),
      city: p.city.trim(),
    },
    links: hidden.has('links') ? [] : links,
    sections,
  };
}

function isEmpty(section: SectionView): boolean {
  switch (section.kind) {
    case 'summary':
      return section.paragraphs.lines.length === 0;
    case 'entries':
      return section.entries.length === 0;
    case 'skills':
      return section.skills.length === 0;
    case 'languages':
      return section.languages.length === 0;
    case 'links':
      return section.links.length === 0;
  }
}
