import type { ListField, ResumeContent, SectionKey } from '#shared/resume';
import { CUSTOM_SECTION_PREFIX } from '#shared/resume-model';

/**
 * What one undo or redo changed, found by comparing the document before and after it (the history keeps
 * documents, not edits): the section, and the field of the item or of the personal info when one field
 * changed. The toast that follows an undo names them, so an extra Ctrl+Z is never a silent loss in a
 * section out of sight.
 */
export type HistoryChange =
  | { kind: 'field'; section: SectionKey | 'personalInfo'; field: string; itemId?: string }
  | { kind: 'items'; section: SectionKey; change: 'added' | 'removed' | 'moved' | 'changed' }
  | { kind: 'title' }
  | { kind: 'design' }
  | { kind: 'sections' };

/** The label key (under `editor.`) of each item field, by list. */
export const fieldLabels: Record<Exclude<ListField, 'customSections'> | 'custom', Record<string, string>> = {
  experience: {
    position: 'fields.position',
    company: 'fields.company',
    location: 'fields.location',
    url: 'fields.companyUrl',
    startDate: 'fields.startDate',
    endDate: 'fields.endDate',
    current: 'fields.currentJob',
    description: 'fields.description',
  },
  education: {
    school: 'fields.school',
    degree: 'fields.degree',
    field: 'fields.studyField',
    location: 'fields.location',
    url: 'fields.url',
    score: 'fields.score',
    startDate: 'fields.startDate',
    endDate: 'fields.endDate',
    current: 'fields.currentStudy',
    description: 'fields.description',
  },
  skills: { name: 'fields.skill', skillLevelId: 'fields.level', keywords: 'fields.keywords' },
  links: { network: 'fields.network', username: 'fields.username', url: 'fields.url' },
  projects: {
    name: 'fields.projectName',
    role: 'fields.role',
    url: 'fields.projectUrl',
    startDate: 'fields.startDate',
    endDate: 'fields.endDate',
    current: 'fields.currentProject',
    description: 'fields.description',
  },
  certifications: {
    name: 'fields.certification',
    issuer: 'fields.issuer',
    date: 'fields.date',
    url: 'fields.credentialUrl',
  },
  languages: { language: 'fields.language', fluency: 'fields.fluency' },
  awards: {
    title: 'fields.award',
    awarder: 'fields.awarder',
    date: 'fields.date',
    description: 'fields.description',
  },
  volunteering: {
    position: 'fields.volunteerRole',
    organization: 'fields.organization',
    url: 'fields.organizationUrl',
    startDate: 'fields.startDate',
    endDate: 'fields.endDate',
    current: 'fields.currentVolunteer',
    description: 'fields.description',
  },
  custom: {
    title: 'fields.title',
    subtitle: 'fields.subtitle',
    date: 'fields.date',
    url: 'fields.url',
    description: 'fields.description',
  },
};

/** The label key of each personal-info field; the summary is edited in the Profile section. */
export const personalLabels: Record<string, string> = {
  firstName: 'fields.firstName',
  lastName: 'fields.lastName',
  jobTitle: 'fields.jobTitle',
  email: 'fields.email',
  phone: 'fields.phone',
  city: 'fields.city',
  photo: 'photo.label',
  summary: 'summary.label',
};

interface Item {
  id: string;
}

function listChange(
  section: SectionKey,
  labels: Record<string, string>,
  before: readonly Item[],
  after: readonly Item[],
): HistoryChange {
  if (after.length > before.length) return { kind: 'items', section, change: 'added' };
  if (after.length < before.length) return { kind: 'items', section, change: 'removed' };
  const byId = new Map(before.map((item) => [item.id, item]));
  for (const item of after) {
    const previous = byId.get(item.id);
    if (!previous) return { kind: 'items', section, change: 'changed' };
    if (previous === item) continue;
    const now = item as unknown as Record<string, unknown>;
    const old = previous as unknown as Record<string, unknown>;
    const field = Object.keys(now).find((key) => key !== 'id' && now[key] !== old[key]);
    if (field) {
      const label = labels[field];
      return label
        ? { kind: 'field', section, field: label, itemId: item.id }
        : { kind: 'items', section, change: 'changed' };
    }
  }
  return { kind: 'items', section, change: 'moved' };
}

/** The change from `before` to `after`, or null when nothing a user edits differs. */
export function describeChange(before: ResumeContent, after: ResumeContent): HistoryChange | null {
  if (before.personalInfo !== after.personalInfo) {
    const field = Object.keys(personalLabels).find(
      (key) =>
        before.personalInfo[key as keyof typeof before.personalInfo] !==
        after.personalInfo[key as keyof typeof after.personalInfo],
    );
    if (field === 'summary') return { kind: 'field', section: 'objectives', field: 'summary.label' };
    if (field) return { kind: 'field', section: 'personalInfo', field: personalLabels[field] ?? field };
  }
  for (const list of Object.keys(fieldLabels) as (keyof typeof fieldLabels)[]) {
    if (list === 'custom') continue;
    if (before[list] !== after[list]) return listChange(list, fieldLabels[list], before[list], after[list]);
  }
  if (before.customSections !== after.customSections) {
    const old = new Map(before.customSections.map((section) => [section.id, section]));
    for (const section of after.customSections) {
      const previous = old.get(section.id);
      const key = `${CUSTOM_SECTION_PREFIX}${section.id}` as SectionKey;
      if (!previous) return { kind: 'sections' };
      if (previous.items !== section.items) {
        return listChange(key, fieldLabels.custom, previous.items, section.items);
      }
      if (previous.title !== section.title) return { kind: 'sections' };
    }
    return { kind: 'sections' };
  }
  if (before.title !== after.title) return { kind: 'title' };
  if (
    before.sectionOrder !== after.sectionOrder ||
    before.hiddenSections !== after.hiddenSections ||
    before.sectionTitle !== after.sectionTitle
  ) {
    return { kind: 'sections' };
  }
  if (before.template !== after.template || before.settings !== after.settings) return { kind: 'design' };
  return null;
}
