import { type Lang, listJoin, lowerFirst } from './text.ts';

/** The sentences a summary is made of, in either language; summaries and tailoring both write with them. */
export const SUMMARY_PHRASES = {
  en: {
    withExperience: (role: string, companies: string[]) =>
      `${role} with experience at ${listJoin(companies, 'en')}.`,
    at: (company: string, bullet: string) => `At ${company}, ${lowerFirst(bullet)}.`,
    skilled: (skills: string[]) => `Skilled in ${listJoin(skills, 'en')}.`,
    skilledRole: (role: string, skills: string[]) => `${role} skilled in ${listJoin(skills, 'en')}.`,
    currently: (position: string, company: string) => `Currently ${position} at ${company}.`,
    previously: (position: string, company: string) => `Previously ${position} at ${company}.`,
    toolkit: (skills: string[]) => `Day-to-day toolkit: ${skills.join(', ')}.`,
    focus: (role: string) => `${role} who turns plans into shipped, dependable results.`,
  },
  pt: {
    withExperience: (role: string, companies: string[]) =>
      `${role} com experiência em ${listJoin(companies, 'pt')}.`,
    at: (company: string, bullet: string) => `Em ${company}: ${lowerFirst(bullet)}.`,
    skilled: (skills: string[]) => `Domínio de ${listJoin(skills, 'pt')}.`,
    skilledRole: (role: string, skills: string[]) => `${role} com domínio de ${listJoin(skills, 'pt')}.`,
    currently: (position: string, company: string) => `Atualmente ${position} em ${company}.`,
    previously: (position: string, company: string) => `Antes, ${position} em ${company}.`,
    toolkit: (skills: string[]) => `Ferramentas do dia a dia: ${skills.join(', ')}.`,
    focus: (role: string) => `${role} que transforma planos em entregas consistentes.`,
  },
} as const;

/** Lines that state no fact, for a resume too thin to fill three lines. */
const FILLERS: Record<Lang, string[]> = {
  en: [
    'Open to roles where steady, careful work makes a difference.',
    'Brings care and follow-through to every piece of work.',
    'Learns fast and likes to finish what is started.',
  ],
  pt: [
    'Em busca de desafios em que um trabalho cuidadoso faça diferença.',
    'Cuidado e constância em cada entrega.',
    'Aprende rápido e gosta de concluir o que começa.',
  ],
};

/** Three to five lines, at most `max` characters in all: the last lines go first, then the middle ones. */
export function fitLines(lines: readonly string[], max: number, lang: Lang): string {
  const kept = lines.filter((l) => l.trim() !== '');
  const unique = kept.filter((l, i) => kept.indexOf(l) === i);
  for (const filler of FILLERS[lang]) if (unique.length < 3) unique.push(filler);
  unique.splice(5);
  while (unique.join('\n').length > max && unique.length > 3) unique.splice(unique.length - 2, 1);
  while (unique.join('\n').length > max && unique.length > 1) unique.pop();
  return unique.join('\n').slice(0, max);
}
