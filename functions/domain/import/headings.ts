import { fold } from './dates.ts';

/**
 * Section headings in English and Portuguese, matched without accents or case ("EXPERIÊNCIA
 * PROFISSIONAL", "Work Experience", "E X P E R I E N C E" once closed up).
 */

export type SectionKind =
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'projects'
  | 'certifications'
  | 'languages'
  | 'awards'
  | 'volunteering'
  | 'links'
  | 'contact'
  | 'custom';

const DICTIONARY: Record<SectionKind, { en: string[]; pt: string[] }> = {
  summary: {
    en: ['summary', 'professional summary', 'profile', 'professional profile', 'about me', 'about', 'objective', 'career objective', 'objectives', 'career summary', 'overview', 'personal statement', 'executive summary', 'summary of qualifications'],
    pt: ['resumo', 'resumo profissional', 'perfil', 'perfil profissional', 'sobre mim', 'sobre', 'objetivo', 'objetivos', 'objetivo profissional', 'apresentacao', 'resumo de qualificacoes'],
  },
  experience: {
    en: ['experience', 'work experience', 'professional experience', 'employment history', 'employment', 'work history', 'career history', 'relevant experience', 'experiences', 'professional background', 'career', 'work'],
    pt: ['experiencia', 'experiencia profissional', 'experiencias', 'experiencias profissionais', 'historico profissional', 'atuacao profissional', 'trajetoria profissional', 'carreira'],
  },
  education: {
    en: ['education', 'academic background', 'education and training', 'academic history', 'educational background', 'academics', 'qualifications'],
    pt: ['educacao', 'formacao', 'formacao academica', 'educacao e formacao', 'escolaridade', 'formacao educacional', 'historico academico'],
  },
  skills: {
    en: ['skills', 'technical skills', 'core competencies', 'competencies', 'key skills', 'skills and expertise', 'expertise', 'technologies', 'tools', 'skills and tools', 'areas of expertise', 'core skills', 'hard skills', 'soft skills', 'technical expertise', 'skills summary', 'personal skills', 'personal skills and competences', 'skills and competences'],
    pt: ['habilidades', 'competencias', 'conhecimentos', 'habilidades tecnicas', 'competencias tecnicas', 'tecnologias', 'ferramentas', 'conhecimentos tecnicos', 'principais competencias', 'habilidades e competencias', 'competencias pessoais', 'aptidoes e competencias pessoais'],
  },
  projects: {
    en: ['projects', 'personal projects', 'side projects', 'selected projects', 'key projects', 'open source', 'project experience'],
    pt: ['projetos', 'projetos pessoais', 'principais projetos', 'projetos relevantes'],
  },
  certifications: {
    en: ['certifications', 'certificates', 'certification', 'licenses and certifications', 'licenses certifications', 'licenses', 'courses and certifications', 'certifications and licenses'],
    pt: ['certificacoes', 'certificados', 'certificacao', 'cursos e certificacoes', 'certificacoes e cursos'],
  },
  languages: {
    en: ['languages', 'language skills', 'language'],
    pt: ['idiomas', 'linguas', 'idioma'],
  },
  awards: {
    en: ['awards', 'honors', 'honors and awards', 'awards and honors', 'honours', 'awards and achievements', 'achievements', 'accomplishments'],
    pt: ['premios', 'premiacoes', 'reconhecimentos', 'premios e reconhecimentos', 'conquistas'],
  },
  volunteering: {
    en: ['volunteering', 'volunteer experience', 'volunteer work', 'volunteer', 'community service', 'volunteer activities'],
    pt: ['trabalho voluntario', 'voluntariado', 'experiencia voluntaria', 'trabalhos voluntarios', 'atividades voluntarias'],
  },
  links: {
    en: ['links', 'profiles', 'online profiles', 'social', 'social media', 'online presence', 'portfolio'],
    pt: ['redes sociais', 'perfis', 'portfolio'],
  },
  contact: {
    en: ['contact', 'contact information', 'contact info', 'contact details', 'personal information', 'personal details', 'details'],
    pt: ['contato', 'contatos', 'informacoes pessoais', 'dados pessoais', 'informacoes de contato', 'dados de contato', 'informacao pessoal'],
  },
  // Sections the model keeps as custom ones, named so that they are never taken for an entry's title.
  custom: {
    en: ['publications', 'selected publications', 'interests', 'hobbies', 'hobbies and interests', 'references', 'extracurricular activities', 'patents', 'presentations', 'talks', 'conferences', 'memberships', 'affiliations', 'professional affiliations', 'additional information', 'grants'],
    pt: ['publicacoes', 'interesses', 'hobbies', 'referencias', 'cursos complementares', 'atividades extracurriculares', 'palestras', 'informacoes adicionais', 'outras informacoes', 'informacao adicional'],
  },
}; // biome-ignore format: word lists

/** Heading text in the form the dictionary is written: no accents, no case, words only. */
export function headingKey(text: string): string {
  return fold(text)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\be\b/g, 'and')
    .trim();
}

interface Entry {
  kind: SectionKind;
  language: 'en' | 'pt';
}

const TABLE = new Map<string, Entry>();
const LONGEST_WORDS = 5;
for (const [kind, words] of Object.entries(DICTIONARY)) {
  for (const language of ['en', 'pt'] as const) {
    for (const word of words[language]) {
      const entry = { kind: kind as Entry['kind'], language };
      TABLE.set(headingKey(word).replace(/\band\b/g, 'and'), entry);
      TABLE.set(headingKey(word).replace(/ /g, ''), entry);
    }
  }
}

/** The section a heading's text names, with the language its word belongs to, or undefined. */
export function sectionOfHeading(text: string): Entry | undefined {
  const key = headingKey(text.replace(/[:：]\s*$/, ''));
  if (!key || key.split(' ').length > LONGEST_WORDS) return undefined;
  return TABLE.get(key) ?? TABLE.get(key.replace(/ /g, ''));
}

/**
 * A heading printed at the start of a line with other text after it ("EXPERIENCE Acme Corp"): the
 * heading's words in capitals, then the rest.
 */
export function leadingHeading(text: string): { entry: Entry; heading: string; rest: string } | undefined {
  const words = text.trim().split(/\s+/);
  for (let n = Math.min(LONGEST_WORDS, words.length - 1); n >= 1; n--) {
    const heading = words.slice(0, n).join(' ');
    if (heading !== heading.toUpperCase() || !/\p{Lu}{3}/u.test(heading)) continue;
    const entry = sectionOfHeading(heading);
    const rest = words.slice(n).join(' ');
    // The rest must not itself be capitals (that would be a longer heading, or a name).
    if (entry && rest && rest !== rest.toUpperCase()) return { entry, heading, rest };
  }
  return undefined;
}

/** Labels inside an entry, over its bullets ("Highlights", "Main activities and responsibilities"): not content. */
const SUB_LABELS = new Set(
  [
    'highlights', 'key highlights', 'responsibilities', 'key responsibilities', 'key achievements',
    'main activities and responsibilities', 'main activities', 'duties', 'courses', 'keywords',
    'destaques', 'responsabilidades', 'principais atividades', 'atividades', 'principais atividades e responsabilidades',
    'realizacoes', 'principais realizacoes', 'disciplinas', 'palavras chave',
  ].map(headingKey),
); // biome-ignore format: word list

export function isSubLabel(text: string): boolean {
  return SUB_LABELS.has(headingKey(text.replace(/[:：]\s*$/, '')));
}
