import type { IntentHandler } from './context.ts';
import { summaryAdvice } from './summary-advice.ts';

/** A greeting or a question about the whole resume: a quick read of it, and what else to ask. */
export const overview: IntentHandler = (chat) => {
  const { en, role, jobs, skills, summary, bullets, withoutNumbers } = chat;
  const out: string[] = [];
  out.push(
    en
      ? `Here is a quick read of your resume${role ? ` as a ${role}` : ''}: ${jobs.length} position${jobs.length === 1 ? '' : 's'}, ${skills.length} skill${skills.length === 1 ? '' : 's'}, ${summary.trim() ? 'a summary' : 'no summary yet'}.`
      : `Uma leitura rápida do seu currículo${role ? ` de ${role}` : ''}: ${jobs.length} experiência${jobs.length === 1 ? '' : 's'}, ${skills.length} habilidade${skills.length === 1 ? '' : 's'}, ${summary.trim() ? 'com resumo' : 'ainda sem resumo'}.`,
  );
  if (!summary.trim()) out.push(...summaryAdvice(chat));
  if (withoutNumbers.length > 0 && bullets.length > 0)
    out.push(
      en
        ? `${withoutNumbers.length} of your ${bullets.length} bullets have no number; results with numbers stand out.`
        : `${withoutNumbers.length} de ${bullets.length} tópicos não têm números; resultados com números se destacam.`,
    );
  out.push(
    en
      ? 'Ask me about your summary, skills, experience bullets, length, keywords, ATS or formatting for specific advice.'
      : 'Pergunte sobre resumo, habilidades, tópicos de experiência, tamanho, palavras-chave, ATS ou formatação para conselhos específicos.',
  );
  return out;
};
