import { TextIndex } from '#shared/match-text';
import type { IntentHandler } from './context.ts';

/** "Which keywords?": the tailoring tool, the keywords the resume already carries, and only true ones. */
export const keywordAdvice: IntentHandler = ({ en, allText }) => {
  const out: string[] = [];
  out.push(
    en
      ? 'Paste the job description into resume tailoring: it scores your resume against the job and lists the keywords you cover and the ones you miss.'
      : 'Cole a descrição da vaga na adaptação de currículo: ela pontua seu currículo para a vaga e lista as palavras-chave que você cobre e as que faltam.',
  );
  const terms = new TextIndex(allText).terms.map((h) => h.form.entry.name);
  const unique = terms.filter((t, i) => terms.indexOf(t) === i).slice(0, 10);
  if (unique.length > 0)
    out.push(
      en
        ? `Keywords your resume already carries: ${unique.join(', ')}. Use the job's exact wording for them where it differs.`
        : `Palavras-chave que seu currículo já traz: ${unique.join(', ')}. Use a grafia exata da vaga quando ela for diferente.`,
    );
  out.push(
    en
      ? 'Only add a keyword you can back up: a missing skill is better learnt than claimed.'
      : 'Só inclua uma palavra-chave que você consiga comprovar: uma habilidade que falta é melhor aprendida do que declarada.',
  );
  return out;
};
