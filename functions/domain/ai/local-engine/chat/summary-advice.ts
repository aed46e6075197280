import { normalise } from '#shared/match-text';
import { descriptionLines } from '#shared/resume';
import { hasNumber, listJoin, quote } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "How is my summary?": its length against 3 to 5 lines, and the title, result and skills it leaves out. */
export const summaryAdvice: IntentHandler = ({ en, summary, role, skills, bullets }) => {
  const lines = descriptionLines(summary).length || (summary.trim() ? 1 : 0);
  if (!summary.trim())
    return [
      en
        ? `Your resume has no summary yet. Write 3 to 5 lines (at most 700 characters) that open with your title${role ? ` ("${role}")` : ''}, name your strongest skills${skills.length ? ` (${skills.slice(0, 3).join(', ')})` : ''} and one result you are proud of.`
        : `Seu currículo ainda não tem resumo. Escreva de 3 a 5 linhas (até 700 caracteres) começando pelo seu cargo${role ? ` ("${role}")` : ''}, citando suas principais habilidades${skills.length ? ` (${skills.slice(0, 3).join(', ')})` : ''} e um resultado de que você se orgulha.`,
    ];
  const out: string[] = [];
  out.push(
    en
      ? `Your summary has ${summary.length} characters over ${lines} line${lines === 1 ? '' : 's'}; aim for 3 to 5 lines and at most 700 characters.`
      : `Seu resumo tem ${summary.length} caracteres em ${lines} linha${lines === 1 ? '' : 's'}; o ideal são 3 a 5 linhas e no máximo 700 caracteres.`,
  );
  if (role && !normalise(summary).includes(normalise(role)))
    out.push(
      en
        ? `Open it with your title, "${role}", so a recruiter knows in one glance what you do.`
        : `Comece pelo seu cargo, "${role}", para que quem recruta entenda de cara o que você faz.`,
    );
  if (!/\d/.test(summary) && bullets.some((b) => hasNumber(b.line)))
    out.push(
      en
        ? `It has no numbers, while your experience does: bring one result in, e.g. ${quote(bullets.find((b) => hasNumber(b.line))?.line ?? '')}.`
        : `Ele não tem números, e sua experiência tem: traga um resultado, por exemplo ${quote(bullets.find((b) => hasNumber(b.line))?.line ?? '')}.`,
    );
  const missingSkills = skills.filter((s) => !normalise(summary).includes(normalise(s))).slice(0, 3);
  if (missingSkills.length > 0)
    out.push(
      en
        ? `Consider naming ${listJoin(missingSkills, 'en')}, which your skills list has but your summary does not mention.`
        : `Considere citar ${listJoin(missingSkills, 'pt')}, que estão nas suas habilidades mas não no resumo.`,
    );
  return out;
};
