import { clean, listJoin } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "Will an ATS read it?": what ATSs need, and the contact details, title, skills and dates the resume lacks. */
export const atsAdvice: IntentHandler = ({ en, resume, skills, jobs }) => {
  const out: string[] = [];
  const p = resume.personalInfo;
  const gaps: string[] = [];
  if (!p?.email?.trim()) gaps.push(en ? 'an e-mail address' : 'um e-mail');
  if (!p?.phone?.trim()) gaps.push(en ? 'a phone number' : 'um telefone');
  if (!p?.jobTitle?.trim()) gaps.push(en ? 'a job title under your name' : 'um cargo abaixo do seu nome');
  if (skills.length === 0) gaps.push(en ? 'a skills section' : 'uma seção de habilidades');
  const undated = jobs.filter((e) => !e.startDate).map((e) => clean(e.position) || clean(e.company));
  out.push(
    en
      ? 'ATSs read plain text: standard section titles, one column, dates on every role and skills written the way job descriptions write them.'
      : 'Os ATS leem texto simples: títulos de seção padrão, uma coluna, datas em todas as experiências e habilidades escritas como as vagas escrevem.',
  );
  if (gaps.length > 0)
    out.push(
      en
        ? `Your resume is missing ${listJoin(gaps, 'en')}.`
        : `Falta no seu currículo ${listJoin(gaps, 'pt')}.`,
    );
  if (undated.length > 0)
    out.push(
      en
        ? `Add start dates to: ${undated.slice(0, 3).join(', ')}.`
        : `Inclua a data de início em: ${undated.slice(0, 3).join(', ')}.`,
    );
  if (gaps.length === 0 && undated.length === 0)
    out.push(
      en
        ? 'Your contact details, title, dates and skills are all in place. Use the tailoring tool with a job description to see which of its keywords you cover.'
        : 'Seus contatos, cargo, datas e habilidades estão completos. Use a adaptação com uma vaga para ver quais palavras-chave dela você cobre.',
    );
  return out;
};
