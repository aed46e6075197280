import {
  type CustomItem,
  type CustomSection,
  DEFAULT_RESUME_TITLE,
  defaultPageSize,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  descriptionLines,
  MAX_LIST_ITEMS,
  type ResumeContent,
  type ResumeLanguage,
  resumeContentSchema,
} from '#shared/resume';
import { degreeChoiceNamed, fieldChoiceFor, fluencyChoiceFor, skillLevelFor } from './choices.ts';
import { toOurDate } from './dates.ts';
import type { JsonResume, JsonResumeBasics, JsonResumeLocation } from './document.ts';
import {
  customTitles,
  INTERESTS_ID,
  keywordsPrefix,
  PUBLICATIONS_ID,
  REFERENCES_ID,
} from './extra-sections.ts';
import { clip, isRecord, objects, str, strings } from './tolerant-read.ts';

// Import: a JSON Resume document mapped onto our resume content, every value clipped to our limits.

/** Text lines, each a bullet of our description, capped to the description limit. */
function toDescription(...parts: (string | string[])[]): string {
  return clip(parts.flat().flatMap(descriptionLines).join('\n'), 5000);
}

function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: clip(words[0] ?? '', 100), lastName: clip(words.slice(1).join(' '), 100) };
}

/** Ongoing when it started but has no end: JSON Resume themes render a missing end date as "Present". */
function isCurrent(item: { startDate?: unknown; endDate?: unknown }): boolean {
  return toOurDate(item.startDate) !== '' && toOurDate(item.endDate) === '';
}

function customSection(
  id: string,
  title: string,
  items: Omit<CustomItem, 'id'>[],
  prefix: string,
): CustomSection {
  return {
    id,
    title: clip(title, 100),
    items: items.slice(0, MAX_LIST_ITEMS).map((item, index) => ({ id: `${prefix}-${index + 1}`, ...item })),
  };
}

function customItem(fields: Partial<Record<keyof Omit<CustomItem, 'id'>, unknown>>): Omit<CustomItem, 'id'> {
  return {
    title: clip(str(fields.title), 200),
    subtitle: clip(str(fields.subtitle), 200),
    date: clip(str(fields.date), 64),
    url: clip(str(fields.url), 2048),
    description: clip(str(fields.description), 5000),
  };
}

/** Map a JSON Resume document onto our resume content: every field with a home, within our limits. */
export function fromJsonResume(doc: JsonResume, options: { language?: ResumeLanguage } = {}): ResumeContent {
  const extension =
    isRecord(doc.meta) && isRecord(doc.meta.resumeBuilder) ? doc.meta.resumeBuilder : undefined;
  const language: ResumeLanguage = options.language ?? (extension?.language === 'pt-BR' ? 'pt-BR' : 'en');
  const basics: JsonResumeBasics = isRecord(doc.basics) ? doc.basics : {};
  const location: JsonResumeLocation = isRecord(basics.location) ? basics.location : {};
  const { firstName, lastName } = splitName(str(basics.name));
  const city = [str(location.city).trim(), str(location.region).trim()].filter(Boolean).join(', ');

  const links = [
    ...(str(basics.url) ? [{ network: 'Website', username: '', url: str(basics.url) }] : []),
    ...objects(basics.profiles).map((p) => ({
      network: str(p.network),
      username: str(p.username),
      url: str(p.url),
    })),
  ];

  const customSections: CustomSection[] = [];
  const publications = objects(doc.publications);
  if (publications.length > 0)
    customSections.push(
      customSection(
        PUBLICATIONS_ID,
        customTitles[PUBLICATIONS_ID][language],
        publications.map((p) =>
          customItem({
            title: p.name,
            subtitle: p.publisher,
            date: toOurDate(p.releaseDate),
            url: p.url,
            description: p.summary,
          }),
        ),
        'pub',
      ),
    );
  const interests = objects(doc.interests);
  if (interests.length > 0)
    customSections.push(
      customSection(
        INTERESTS_ID,
        customTitles[INTERESTS_ID][language],
        interests.map((i) => customItem({ title: i.name, description: strings(i.keywords).join(', ') })),
        'interest',
      ),
    );
  const references = objects(doc.references);
  if (references.length > 0)
    customSections.push(
      customSection(
        REFERENCES_ID,
        customTitles[REFERENCES_ID][language],
        references.map((r) => customItem({ title: r.name, description: r.reference })),
        'ref',
      ),
    );
  // Sections only our own export writes (see toJsonResume), so a resume survives a round trip through a file.
  for (const [index, section] of objects(extension?.customSections).entries()) {
    if (customSections.length >= MAX_LIST_ITEMS) break;
    customSections.push(
      customSection(
        `custom-${index + 1}`,
        str(section.title),
        objects(section.items).map((item) => customItem(item)),
        `custom-${index + 1}-item`,
      ),
    );
  }

  return resumeContentSchema.parse({
    title: firstName
      ? clip(language === 'pt-BR' ? `Currículo de ${firstName}` : `${firstName}'s Resume`, 200)
      : DEFAULT_RESUME_TITLE,
    personalInfo: {
      firstName,
      lastName,
      email: clip(str(basics.email), 254),
      phone: clip(str(basics.phone), 40),
      jobTitle: clip(str(basics.label), 200),
      summary: clip(str(basics.summary), 2000),
      city: clip(city, 200),
    },
    experience: objects(doc.work).map((w, index) => ({
      id: `exp-${index + 1}`,
      company: clip(str(w.name), 200),
      position: clip(str(w.position), 200),
      location: clip(str(w.location), 200),
      url: clip(str(w.url), 2048),
      startDate: toOurDate(w.startDate),
      endDate: toOurDate(w.endDate),
      current: isCurrent(w),
      description: toDescription(str(w.summary), strings(w.highlights)),
    })),
    education: objects(doc.education).map((e, index) => ({
      id: `edu-${index + 1}`,
      school: clip(str(e.institution), 200),
      degree: degreeChoiceNamed(str(e.studyType)) ?? clip(str(e.studyType).trim(), 200),
      field: fieldChoiceFor(str(e.area)) ?? clip(str(e.area).trim(), 200),
      url: clip(str(e.url), 2048),
      score: clip(str(e.score), 100),
      startDate: toOurDate(e.startDate),
      endDate: toOurDate(e.endDate),
      current: isCurrent(e),
      description: toDescription(strings(e.courses)),
    })),
    skills: objects(doc.skills).map((s, index) => {
      const level = str(s.level).trim();
      const levelId = level ? skillLevelFor(level) : undefined;
      // A level in the user's own words ("5 years") is no level id: keep it visible in the name instead.
      const name = level && !levelId ? `${str(s.name).trim()} (${level})`.trim() : str(s.name);
      return {
        id: `skill-${index + 1}`,
        name: clip(name, 200),
        skillLevelId: levelId ?? '',
        keywords: clip(strings(s.keywords).join(', '), 1000),
      };
    }),
    links: links.slice(0, MAX_LIST_ITEMS).map((link, index) => ({
      id: `link-${index + 1}`,
      network: clip(link.network, 100),
      username: clip(link.username, 200),
      url: clip(link.url, 2048),
    })),
    projects: objects(doc.projects).map((p, index) => {
      const keywords = strings(p.keywords);
      return {
        id: `proj-${index + 1}`,
        name: clip(str(p.name), 200),
        role: clip(strings(p.roles).join(', '), 200),
        url: clip(str(p.url), 2048),
        startDate: toOurDate(p.startDate),
        endDate: toOurDate(p.endDate),
        current: isCurrent(p),
        description: toDescription(
          str(p.description),
          strings(p.highlights),
          keywords.length > 0 ? [`${keywordsPrefix[language]}${keywords.join(', ')}`] : [],
        ),
      };
    }),
    certifications: objects(doc.certificates).map((c, index) => ({
      id: `cert-${index + 1}`,
      name: clip(str(c.name), 200),
      issuer: clip(str(c.issuer), 200),
      date: toOurDate(c.date),
      url: clip(str(c.url), 2048),
    })),
    languages: objects(doc.languages).map((l, index) => ({
      id: `lang-${index + 1}`,
      language: clip(str(l.language), 100),
      fluency: fluencyChoiceFor(str(l.fluency)) ?? clip(str(l.fluency).trim(), 100),
    })),
    awards: objects(doc.awards).map((a, index) => ({
      id: `award-${index + 1}`,
      title: clip(str(a.title), 200),
      awarder: clip(str(a.awarder), 200),
      date: toOurDate(a.date),
      description: clip(str(a.summary), 5000),
    })),
    volunteering: objects(doc.volunteer).map((v, index) => ({
      id: `vol-${index + 1}`,
      organization: clip(str(v.organization), 200),
      position: clip(str(v.position), 200),
      url: clip(str(v.url), 2048),
      startDate: toOurDate(v.startDate),
      endDate: toOurDate(v.endDate),
      current: isCurrent(v),
      description: toDescription(str(v.summary), strings(v.highlights)),
    })),
    customSections,
    sectionTitle: language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles,
    settings: { language, pageSize: defaultPageSize(language) },
  });
}
