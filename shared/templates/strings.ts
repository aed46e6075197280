import type { ResumeLanguage } from '../resume.ts';

/**
 * The words templates print, in the resume's own language (not the interface's): a resume written in
 * Portuguese says "Atual" even when its author uses the app in English. Templates never use i18next, so the
 * PDF worker renders them without an i18n instance.
 */
export interface TemplateStrings {
  present: string;
  contact: string;
  email: string;
  phone: string;
  location: string;
  /** Joins a degree and its field: "Master's degree in Engineering". */
  degreeFieldJoin: string;
  skillLevels: Record<string, string>;
  degrees: Record<string, string>;
  fields: Record<string, string>;
  fluency: Record<string, string>;
  page: (page: number, total: number) => string;
  preview: string;
  firstPageOf: (name: string) => string;
  untitled: string;
}

export const templateStrings: Record<ResumeLanguage, TemplateStrings> = {
  en: {
    present: 'Present',
    contact: 'Contact',
    email: 'Email',
    phone: 'Phone',
    location: 'Location',
    degreeFieldJoin: ' in ',
    skillLevels: {
      beginner: 'Beginner',
      intermediate: 'Intermediate',
      advanced: 'Advanced',
      expert: 'Expert',
      veryGood: 'Very good',
      proficient: 'Proficient',
    },
    degrees: {
      associate: 'Associate degree',
      bachelor: "Bachelor's degree",
      master: "Master's degree",
      phd: 'PhD',
      md: 'Doctor of Medicine (MD)',
      jd: 'Juris Doctor (JD)',
      certificate: 'Certificate',
      diploma: 'Diploma',
    },
    fields: {
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
    fluency: {
      native: 'Native',
      fluent: 'Fluent',
      advanced: 'Advanced',
      intermediate: 'Intermediate',
      basic: 'Basic',
    },
    page: (page, total) => `Page ${page} of ${total}`,
    preview: 'Resume preview',
    firstPageOf: (name) => (name ? `First page of the resume of ${name}` : 'First page of the resume'),
    untitled: 'Untitled',
  },
  'pt-BR': {
    present: 'Atual',
    contact: 'Contato',
    email: 'E-mail',
    phone: 'Telefone',
    location: 'Localização',
    degreeFieldJoin: ' em ',
    skillLevels: {
      beginner: 'Iniciante',
      intermediate: 'Intermediário',
      advanced: 'Avançado',
      expert: 'Especialista',
      veryGood: 'Muito bom',
      proficient: 'Proficiente',
    },
    degrees: {
      associate: 'Tecnólogo',
      bachelor: 'Bacharelado',
      master: 'Mestrado',
      phd: 'Doutorado',
      md: 'Medicina (MD)',
      jd: 'Direito (JD)',
      certificate: 'Certificado',
      diploma: 'Diploma',
    },
    fields: {
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
    fluency: {
      native: 'Nativo',
      fluent: 'Fluente',
      advanced: 'Avançado',
      intermediate: 'Intermediário',
      basic: 'Básico',
    },
    page: (page, total) => `Página ${page} de ${total}`,
    preview: 'Pré-visualização do currículo',
    firstPageOf: (name) =>
      name ? `Primeira página do currículo de ${name}` : 'Primeira página do currículo',
    untitled: 'Sem título',
  },
};

/** The strings of a resume language; anything unknown reads as English. */
export function stringsFor(language: string | undefined): TemplateStrings {
  return language === 'pt-BR' ? templateStrings['pt-BR'] : templateStrings.en;
}
