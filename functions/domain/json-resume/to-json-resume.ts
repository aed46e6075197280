import { descriptionLines, type ResumeContent } from '#shared/resume';
import {
  degreeLabels,
  fieldLabels,
  fluencyLabels,
  labelOf,
  normaliseWord,
  skillLevelLabels,
} from './choices.ts';
import { toTheirDate } from './dates.ts';
import type {
  JsonResume,
  JsonResumeInterest,
  JsonResumeProject,
  JsonResumePublication,
  JsonResumeReference,
  ResumeBuilderMeta,
} from './document.ts';
import { JSON_RESUME_SCHEMA_URL } from './document.ts';
import { customSectionKind, keywordsPrefix } from './extra-sections.ts';
import { isEmail, isUri } from './validate.ts';

// Export helpers: our fields are free text, JSON Resume checks formats, so anything invalid is left out.

/** The value, or nothing when empty, so the exported document carries no `""` noise. */
function opt(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : value;
}

function optList<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/** A valid URI, or a bare domain ("github.com/me") made one, or nothing. */
function toUri(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (isUri(trimmed)) return trimmed;
  const guessed = `https://${trimmed}`;
  return /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed) && isUri(guessed) ? guessed : undefined;
}

function splitList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Drop keys whose value is undefined, so the document reads like one a person wrote. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function isWebsite(network: string): boolean {
  return ['website', 'site', 'web', 'homepage'].includes(normaliseWord(network));
}

/** Map our resume to a JSON Resume document that passes `validateJsonResume`. */
export function toJsonResume(resume: ResumeContent): JsonResume {
  const { language } = resume.settings;
  const p = resume.personalInfo;
  const website = resume.links.find((link) => isWebsite(link.network) && toUri(link.url));
  const [, city = p.city, region] = /^(.*),\s*([^,]+)$/.exec(p.city.trim()) ?? [];

  const publications: JsonResumePublication[] = [];
  const interests: JsonResumeInterest[] = [];
  const references: JsonResumeReference[] = [];
  const otherSections: NonNullable<ResumeBuilderMeta['customSections']> = [];
  for (const section of resume.customSections) {
    const kind = customSectionKind(section);
    for (const item of section.items) {
      if (kind === 'publications')
        publications.push(
          compact({
            name: opt(item.title),
            publisher: opt(item.subtitle),
            releaseDate: toTheirDate(item.date),
            url: toUri(item.url),
            summary: opt(item.description),
          }),
        );
      if (kind === 'interests')
        interests.push(compact({ name: opt(item.title), keywords: optList(splitList(item.description)) }));
      if (kind === 'references')
        references.push(compact({ name: opt(item.title), reference: opt(item.description) }));
    }
    if (!kind)
      otherSections.push({
        title: section.title,
        items: section.items.map((item) =>
          compact({
            title: opt(item.title),
            subtitle: opt(item.subtitle),
            date: opt(item.date),
            url: opt(item.url),
            description: opt(item.description),
          }),
        ),
      });
  }

  return compact({
    $schema: JSON_RESUME_SCHEMA_URL,
    basics: compact({
      name: opt(`${p.firstName.trim()} ${p.lastName.trim()}`.trim()),
      label: opt(p.jobTitle),
      email: isEmail(p.email.trim()) ? p.email.trim() : undefined,
      phone: opt(p.phone),
      url: website ? toUri(website.url) : undefined,
      summary: opt(p.summary),
      location: p.city.trim() ? compact({ city: city.trim(), region: region?.trim() }) : undefined,
      profiles: optList(
        resume.links
          .filter((link) => link !== website)
          .map((link) =>
            compact({ network: opt(link.network), username: opt(link.username), url: toUri(link.url) }),
          ),
      ),
    }),
    work: optList(
      resume.experience.map((e) =>
        compact({
          name: opt(e.company),
          position: opt(e.position),
          location: opt(e.location),
          url: toUri(e.url),
          startDate: toTheirDate(e.startDate),
          endDate: e.current ? undefined : toTheirDate(e.endDate),
          highlights: optList(descriptionLines(e.description)),
        }),
      ),
    ),
    volunteer: optList(
      resume.volunteering.map((v) =>
        compact({
          organization: opt(v.organization),
          position: opt(v.position),
          url: toUri(v.url),
          startDate: toTheirDate(v.startDate),
          endDate: v.current ? undefined : toTheirDate(v.endDate),
          highlights: optList(descriptionLines(v.description)),
        }),
      ),
    ),
    education: optList(
      resume.education.map((e) =>
        compact({
          institution: opt(e.school),
          url: toUri(e.url),
          area: opt(labelOf(fieldLabels, language, e.field)),
          studyType: opt(labelOf(degreeLabels, language, e.degree)),
          startDate: toTheirDate(e.startDate),
          endDate: e.current ? undefined : toTheirDate(e.endDate),
          score: opt(e.score),
          courses: optList(descriptionLines(e.description)),
        }),
      ),
    ),
    awards: optList(
      resume.awards.map((a) =>
        compact({
          title: opt(a.title),
          date: toTheirDate(a.date),
          awarder: opt(a.awarder),
          summary: opt(a.description),
        }),
      ),
    ),
    certificates: optList(
      resume.certifications.map((c) =>
        compact({ name: opt(c.name), date: toTheirDate(c.date), url: toUri(c.url), issuer: opt(c.issuer) }),
      ),
    ),
    publications: optList(publications),
    skills: optList(
      resume.skills.map((s) =>
        compact({
          name: opt(s.name),
          level: opt(labelOf(skillLevelLabels, language, s.skillLevelId)),
          keywords: optList(splitList(s.keywords)),
        }),
      ),
    ),
    languages: optList(
      resume.languages.map((l) =>
        compact({ language: opt(l.language), fluency: opt(labelOf(fluencyLabels, language, l.fluency)) }),
      ),
    ),
    interests: optList(interests),
    references: optList(references),
    projects: optList(resume.projects.map(projectToJson)),
    meta: {
      version: 'v1.0.0',
      resumeBuilder: compact({
        language,
        customSections: optList(otherSections),
      }),
    },
  });
}

function projectToJson(project: ResumeContent['projects'][number]): JsonResumeProject {
  const lines = descriptionLines(project.description);
  const last = lines.at(-1) ?? '';
  // The keywords line import appends, in either language, goes back to `keywords`.
  const prefix = Object.values(keywordsPrefix).find((candidate) => last.startsWith(candidate.trim()));
  const keywords = prefix ? splitList(last.slice(prefix.trim().length)) : [];
  return compact({
    name: opt(project.name),
    highlights: optList(prefix ? lines.slice(0, -1) : lines),
    keywords: optList(keywords),
    startDate: toTheirDate(project.startDate),
    endDate: project.current ? undefined : toTheirDate(project.endDate),
    url: toUri(project.url),
    roles: optList(splitList(project.role)),
  });
}
