import { tidy, WEAK_STARTS } from '../plain-verbs.ts';
import { clean, cleanLines, hasNumber, quote } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "How are my bullets?": the three latest jobs' bullets counted, a weak opening and a result without a number. */
export const experienceAdvice: IntentHandler = ({ en, lang, jobs, bullets, withoutNumbers }) => {
  if (jobs.length === 0)
    return [
      en
        ? 'Your resume has no work experience yet. Add internships, projects or volunteering, each with 2 to 5 bullets that start with an action verb.'
        : 'Seu currículo ainda não tem experiência profissional. Inclua estágios, projetos ou trabalho voluntário, cada um com 2 a 5 tópicos começando por um verbo de ação.',
    ];
  const out: string[] = [];
  for (const job of jobs.slice(0, 3)) {
    const lines = cleanLines(job.description);
    const label = `${clean(job.position)}${clean(job.company) ? (en ? ` at ${clean(job.company)}` : ` em ${clean(job.company)}`) : ''}`;
    if (lines.length === 0)
      out.push(
        en
          ? `${label} has no description: add 3 to 5 bullets with what you did and what changed because of it.`
          : `${label} não tem descrição: inclua de 3 a 5 tópicos com o que você fez e o que mudou por causa disso.`,
      );
    else
      out.push(
        en
          ? `${label}: ${lines.length} bullet${lines.length === 1 ? '' : 's'}, ${lines.filter(hasNumber).length} with a number.`
          : `${label}: ${lines.length} tópico${lines.length === 1 ? '' : 's'}, ${lines.filter(hasNumber).length} com número.`,
      );
  }
  const weak = bullets.find(
    (b) =>
      WEAK_STARTS[lang].some(([p]) => p.test(b.line)) ||
      /^(responsible|worked|helped|fui|trabalhei|ajudei)/i.test(b.line),
  );
  if (weak)
    out.push(
      en
        ? `Start with a strong verb: ${quote(weak.line)} could become ${quote(tidy(weak.line, lang))}.`
        : `Comece com um verbo forte: ${quote(weak.line)} pode virar ${quote(tidy(weak.line, lang))}.`,
    );
  const noNumber = withoutNumbers[0];
  if (noNumber)
    out.push(
      en
        ? `Where you can, add a measurable result, e.g. to ${quote(noNumber.line)}: how many, how much, how fast?`
        : `Quando possível, acrescente um resultado mensurável, por exemplo em ${quote(noNumber.line)}: quantos, quanto, em quanto tempo?`,
    );
  return out;
};
