import {
  type DegreeChoice,
  degreeChoices,
  type FieldChoice,
  fieldChoices,
  fluencyChoices,
  type ResumeLanguage,
  type SkillLevel,
  skillLevels,
} from '#shared/resume';

// Choice lists: the words other tools use for our choice ids, and the labels we write back out.

/** Lower case, no accents, no dots or apostrophes, single spaces: "Bachelor's" and "bachelors" meet. */
export function normaliseWord(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** A choice's label in each resume language. */
export type Labels<K extends string> = Record<ResumeLanguage, Record<K, string>>;

export const degreeLabels: Labels<DegreeChoice> = {
  en: {
    associate: 'Associate',
    bachelor: 'Bachelor',
    master: 'Master',
    phd: 'PhD',
    md: 'MD',
    jd: 'JD',
    certificate: 'Certificate',
    diploma: 'Diploma',
  },
  'pt-BR': {
    associate: 'Associado',
    bachelor: 'Bacharelado',
    master: 'Mestrado',
    phd: 'Doutorado',
    md: 'Medicina (MD)',
    jd: 'Direito (JD)',
    certificate: 'Certificado',
    diploma: 'Diploma',
  },
};
const degreeSynonyms: Record<DegreeChoice, string[]> = {
  associate: ['associate', 'associates', 'associate degree', 'associates degree', 'aa', 'as', 'aas'],
  bachelor: [
    'bachelor',
    'bachelors',
    'bachelor degree',
    'bachelors degree',
    'bachelor of arts',
    'bachelor of science',
    'bachelor of engineering',
    'ba',
    'bs',
    'bsc',
    'beng',
    'bacharelado',
    'bacharel',
  ],
  master: [
    'master',
    'masters',
    'master degree',
    'masters degree',
    'master of arts',
    'master of science',
    'master of engineering',
    'ma',
    'ms',
    'msc',
    'meng',
    'mestrado',
    'mestre',
  ],
  phd: ['phd', 'doctorate', 'doctoral degree', 'doctor of philosophy', 'dphil', 'doutorado', 'doutor'],
  md: ['md', 'doctor of medicine', 'medicina (md)'],
  jd: ['jd', 'juris doctor', 'direito (jd)'],
  certificate: ['certificate', 'certification', 'certificado'],
  diploma: ['diploma'],
};

export const fieldLabels: Labels<FieldChoice> = {
  en: {
    artsHumanities: 'Arts and Humanities',
    businessManagement: 'Business and Management',
    computerInformationSciences: 'Computer and Information Sciences',
    education: 'Education',
    engineering: 'Engineering',
    healthProfessions: 'Health Professions',
    mathematicsStatistics: 'Mathematics and Statistics',
    naturalResourcesConservation: 'Natural Resources and Conservation',
    socialSciences: 'Social Sciences',
  },
  'pt-BR': {
    artsHumanities: 'Artes e Humanidades',
    businessManagement: 'Administração e Negócios',
    computerInformationSciences: 'Ciência da Computação e da Informação',
    education: 'Educação',
    engineering: 'Engenharia',
    healthProfessions: 'Ciências da Saúde',
    mathematicsStatistics: 'Matemática e Estatística',
    naturalResourcesConservation: 'Recursos Naturais e Conservação',
    socialSciences: 'Ciências Sociais',
  },
};
// Field choices are broad categories: only their own names map to them. A specific major ("Computer
// Science", "Design") stays the user's words, because mapping it to a category would lose the major.
const fieldSynonyms = Object.fromEntries(
  fieldChoices.map((id) => [
    id,
    [fieldLabels.en[id], fieldLabels['pt-BR'][id], fieldLabels.en[id].replace(' and ', ' & ')],
  ]),
) as Record<FieldChoice, string[]>;

export const skillLevelLabels: Labels<SkillLevel> = {
  en: {
    beginner: 'Beginner',
    intermediate: 'Intermediate',
    advanced: 'Advanced',
    expert: 'Expert',
    veryGood: 'Very good',
    proficient: 'Proficient',
  },
  'pt-BR': {
    beginner: 'Iniciante',
    intermediate: 'Intermediário',
    advanced: 'Avançado',
    expert: 'Especialista',
    veryGood: 'Muito bom',
    proficient: 'Proficiente',
  },
};
const skillLevelSynonyms: Record<SkillLevel, string[]> = {
  beginner: ['beginner', 'novice', 'basic', 'iniciante', 'basico'],
  intermediate: ['intermediate', 'intermediario'],
  advanced: ['advanced', 'avancado'],
  // "Master" is the example level in the JSON Resume schema itself.
  expert: ['expert', 'master', 'especialista'],
  veryGood: ['very good', 'muito bom'],
  proficient: ['proficient', 'proficiente'],
};

type Fluency = (typeof fluencyChoices)[number];
export const fluencyLabels: Labels<Fluency> = {
  en: {
    native: 'Native',
    fluent: 'Fluent',
    advanced: 'Advanced',
    intermediate: 'Intermediate',
    basic: 'Basic',
  },
  'pt-BR': {
    native: 'Nativo',
    fluent: 'Fluente',
    advanced: 'Avançado',
    intermediate: 'Intermediário',
    basic: 'Básico',
  },
};
const fluencySynonyms: Record<Fluency, string[]> = {
  native: ['native', 'native speaker', 'mother tongue', 'nativo', 'nativa', 'lingua materna'],
  fluent: ['fluent', 'fluente'],
  advanced: ['advanced', 'avancado', 'avancada'],
  intermediate: ['intermediate', 'intermediario', 'intermediaria'],
  basic: ['basic', 'beginner', 'elementary', 'basico', 'basica', 'iniciante'],
};

function matcher<K extends string>(ids: readonly K[], synonyms: Record<K, string[]>) {
  const table = new Map<string, K>();
  for (const id of ids) {
    table.set(normaliseWord(id), id);
    for (const word of synonyms[id]) table.set(normaliseWord(word), id);
  }
  return (text: string): K | undefined => table.get(normaliseWord(text));
}

/** The degree choice id a JSON Resume `studyType` names ("BSc", "Mestrado"), if any. */
export const degreeChoiceFor = matcher(degreeChoices, degreeSynonyms);
/**
 * The degree choice a `studyType` is the very name of (a choice id, or its label as our export writes it:
 * "Bachelor", "Mestrado"), if any. Anything else ("BSc", "Master of Science") is the user's own words and is
 * kept as written: the degree is free text, its choices only suggestions.
 */
export const degreeChoiceNamed = matcher(
  degreeChoices,
  Object.fromEntries(
    degreeChoices.map((id) => [id, [degreeLabels.en[id], degreeLabels['pt-BR'][id]]]),
  ) as Record<DegreeChoice, string[]>,
);
/** The field-of-study choice id an `area` names (only the category names themselves), if any. */
export const fieldChoiceFor = matcher(fieldChoices, fieldSynonyms);
/** The skill level id a free-text `level` names ("Master", "Avançado"), if any. */
export const skillLevelFor = matcher(skillLevels, skillLevelSynonyms);
/** The fluency choice id a free-text `fluency` names ("Native speaker", "Fluente"), if any. */
export const fluencyChoiceFor = matcher(fluencyChoices, fluencySynonyms);

/** The label our export writes for a choice id, or the value itself when it is the user's own words. */
export function labelOf<K extends string>(
  labels: Labels<K>,
  language: ResumeLanguage,
  value: string,
): string {
  return (labels[language] as Record<string, string>)[value] ?? value;
}
