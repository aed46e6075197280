import type { TFunction } from 'i18next';
import type {
  AwardItem,
  CertificationItem,
  CustomItem,
  EducationItem,
  ExperienceItem,
  LanguageItem,
  LinkItem,
  ProjectItem,
  SkillItem,
  VolunteeringItem,
} from '#shared/resume';
import { degreeChoices, fieldChoices, fluencyChoices, skillLevels } from '#shared/resume-model';
import { dates, description, link, month, suggestions, text } from './field-spec.ts';
import type { Choice } from './form-controls.tsx';
import type { ItemKind } from './item-kind.ts';
import { yearOf, yearRange } from './item-kind.ts';
import { LinkPresets } from './link-presets.tsx';

/**
 * The editor's list sections as data: for each kind of item, a blank one, the collapsed row's summary and
 * the fields of its form (field-spec.ts), drawn by one editor (item-list.tsx, item-fields.tsx).
 */

const isOneOf = <C extends string>(choices: readonly C[], value: string): value is C =>
  (choices as readonly string[]).includes(value);

/** The degree as a reader sees it: a suggestion's name, or the text as typed. */
function degreeLabel(degree: string, t: TFunction): string {
  return isOneOf(degreeChoices, degree) ? t(`editor.choices.degree.${degree}`) : degree;
}

/** A skill's level: ours, or one an import brought that stays selectable rather than silently lost. */
function skillLevelOptions(item: SkillItem, t: TFunction): Choice[] {
  return [
    { value: '', label: t('editor.choices.noLevel') },
    ...skillLevels.map((value) => ({ value, label: t(`editor.choices.level.${value}`) })),
    ...(item.skillLevelId && !isOneOf(skillLevels, item.skillLevelId)
      ? [{ value: item.skillLevelId, label: item.skillLevelId }]
      : []),
  ];
}

/** A new item: a fresh id, then the blank fields in the order the resume stores them. */
const blank =
  <T extends { id: string }>(fields: Omit<T, 'id'>) =>
  (): T =>
    ({ id: crypto.randomUUID(), ...fields }) as T;

const period = { startDate: '', endDate: '', current: false };

export const experienceKind: ItemKind<ExperienceItem> = {
  name: 'experience',
  create: blank({ company: '', position: '', location: '', url: '', ...period, description: '' }),
  summary: (item, t) => [item.position, item.company, yearRange(item, t)],
  fields: [
    text('position', 'position', 200, { autoComplete: 'off' }),
    text('company', 'company', 200, { autoComplete: 'off' }),
    text('location', 'location', 200),
    link('url', 'companyUrl', { verbatim: false }),
    dates('currentJob'),
    description(),
    suggestions('experience'),
  ],
};

export const educationKind: ItemKind<EducationItem> = {
  name: 'education',
  create: blank({
    school: '',
    degree: '',
    field: '',
    location: '',
    url: '',
    score: '',
    ...period,
    description: '',
  }),
  summary: (item, t) => [degreeLabel(item.degree, t), item.school, yearRange(item, t)],
  fields: [
    text('school', 'school', 200, { wide: true }),
    {
      kind: 'combobox',
      key: 'degree',
      label: 'degree',
      placeholder: 'degreePlaceholder',
      maxLength: 200,
      suggestions: (t) =>
        degreeChoices.map((value) => ({ value, label: t(`editor.choices.degree.${value}`) })),
    },
    {
      kind: 'combobox',
      key: 'field',
      label: 'studyField',
      placeholder: 'studyFieldPlaceholder',
      maxLength: 200,
      suggestions: (t) => fieldChoices.map((value) => ({ value, label: t(`editor.choices.field.${value}`) })),
    },
    text('location', 'location', 200),
    text('score', 'score', 100),
    dates('currentStudy'),
    description(),
  ],
};

export const skillKind: ItemKind<SkillItem> = {
  name: 'skills',
  create: blank({ name: '', skillLevelId: '', keywords: '' }),
  summary: (item, t) => [
    item.name,
    isOneOf(skillLevels, item.skillLevelId)
      ? t(`editor.choices.level.${item.skillLevelId}`)
      : item.skillLevelId,
  ],
  fields: [
    text('name', 'skill', 200),
    { kind: 'select', key: 'skillLevelId', label: 'level', options: skillLevelOptions },
    text('keywords', 'keywords', 1000, { hint: 'keywordsHint', wide: true }),
  ],
};

export const languageKind: ItemKind<LanguageItem> = {
  name: 'languages',
  create: blank({ language: '', fluency: '' }),
  summary: (item, t) => [
    item.language,
    isOneOf(fluencyChoices, item.fluency) ? t(`editor.choices.fluency.${item.fluency}`) : item.fluency,
  ],
  fields: [
    text('language', 'language', 100),
    {
      kind: 'choice',
      key: 'fluency',
      label: 'fluency',
      otherLabel: 'fluencyOther',
      choices: (t) => fluencyChoices.map((value) => ({ value, label: t(`editor.choices.fluency.${value}`) })),
    },
  ],
};

export const linkKind: ItemKind<LinkItem> = {
  name: 'links',
  create: blank({ network: '', username: '', url: '' }),
  summary: (item) => [item.network, item.username || item.url.replace(/^https?:\/\/(www\.)?/i, '')],
  fields: [
    text('network', 'network', 100, { hint: 'networkHint' }),
    text('username', 'username', 200, { verbatim: true }),
    link('url', 'url', { wide: true }),
  ],
  Presets: LinkPresets,
};

export const projectKind: ItemKind<ProjectItem> = {
  name: 'projects',
  create: blank({ name: '', role: '', url: '', ...period, description: '' }),
  summary: (item, t) => [item.name, item.role, yearRange(item, t)],
  fields: [
    text('name', 'projectName', 200),
    text('role', 'role', 200),
    link('url', 'projectUrl', { wide: true }),
    dates('currentProject'),
    description(),
  ],
};

export const certificationKind: ItemKind<CertificationItem> = {
  name: 'certifications',
  create: blank({ name: '', issuer: '', date: '', url: '' }),
  summary: (item) => [item.name, item.issuer, yearOf(item.date)],
  fields: [
    text('name', 'certification', 200),
    text('issuer', 'issuer', 200),
    month('date', 'date'),
    link('url', 'credentialUrl'),
  ],
};

export const awardKind: ItemKind<AwardItem> = {
  name: 'awards',
  create: blank({ title: '', awarder: '', date: '', description: '' }),
  summary: (item) => [item.title, item.awarder, yearOf(item.date)],
  fields: [
    text('title', 'award', 200),
    text('awarder', 'awarder', 200),
    month('date', 'date'),
    description(),
  ],
};

export const volunteeringKind: ItemKind<VolunteeringItem> = {
  name: 'volunteering',
  create: blank({ organization: '', position: '', url: '', ...period, description: '' }),
  summary: (item, t) => [item.position, item.organization, yearRange(item, t)],
  fields: [
    text('position', 'volunteerRole', 200),
    text('organization', 'organization', 200),
    link('url', 'organizationUrl', { wide: true }),
    dates('currentVolunteer'),
    description(),
  ],
};

export const customItemKind: ItemKind<CustomItem> = {
  name: 'custom',
  create: blank({ title: '', subtitle: '', date: '', url: '', description: '' }),
  summary: (item) => [item.title, item.subtitle, item.date],
  fields: [
    text('title', 'title', 200),
    text('subtitle', 'subtitle', 200),
    text('date', 'date', 64, { hint: 'freeDateHint' }),
    link('url', 'url'),
    description(),
  ],
};
