import { formNamed, normalise, TextIndex } from '#shared/match-text';
import { clean, listJoin } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "What about my skills?": how many, which no bullet backs, whether the list is long, abbreviations to spell out. */
export const skillsAdvice: IntentHandler = ({ en, resume, skills, jobs, allText }) => {
  if (skills.length === 0)
    return [
      en
        ? 'Your resume lists no skills. Add 6 to 12 that you can back up with your experience; ATSs look for them by name.'
        : 'Seu currículo não lista habilidades. Inclua de 6 a 12 que sua experiência comprove; os ATS procuram por elas pelo nome.',
    ];
  const out: string[] = [];
  out.push(
    en
      ? `You list ${skills.length} skill${skills.length === 1 ? '' : 's'}: ${skills.slice(0, 8).join(', ')}.`
      : `Você lista ${skills.length} habilidade${skills.length === 1 ? '' : 's'}: ${skills.slice(0, 8).join(', ')}.`,
  );
  const index = new TextIndex(jobs.map((e) => e.description).join('\n'));
  const unproven = resume.skills
    .filter((s) => {
      const form = formNamed(s.name);
      return form ? !index.hasEntry(form.entry) : !index.has(s.name);
    })
    .map((s) => clean(s.name))
    .filter(Boolean)
    .slice(0, 4);
  if (unproven.length > 0)
    out.push(
      en
        ? `${listJoin(unproven, 'en')} ${unproven.length === 1 ? 'does' : 'do'} not appear in any experience bullet: show where you used ${unproven.length === 1 ? 'it' : 'them'}, so the skill is backed by evidence.`
        : `${listJoin(unproven, 'pt')} não ${unproven.length === 1 ? 'aparece' : 'aparecem'} em nenhum tópico de experiência: mostre onde você ${unproven.length === 1 ? 'a usou' : 'as usou'}, para que a habilidade tenha evidência.`,
    );
  if (skills.length > 15)
    out.push(
      en
        ? 'That is a long list: keep the 10 to 15 most relevant to the jobs you want, and put them first.'
        : 'A lista está longa: mantenha as 10 a 15 mais relevantes para as vagas que você quer e coloque-as primeiro.',
    );
  const abbreviations = new TextIndex(allText).terms
    .filter(
      (h) =>
        en &&
        !h.form.caseSensitive &&
        h.form.text !== h.form.entry.name &&
        /^[A-Z0-9/+#.]{2,5}$/.test(h.form.text) &&
        !normalise(allText).includes(normalise(h.form.entry.name)),
    )
    .map((h) => [h.form.text, h.form.entry.name] as const)
    .filter(([a], i, all) => all.findIndex(([b]) => b === a) === i)
    .slice(0, 3);
  if (abbreviations.length > 0)
    out.push(
      en
        ? `Write abbreviations out at least once, since many ATSs match literal terms: ${abbreviations.map(([a, b]) => `${b} (${a})`).join(', ')}.`
        : `Escreva as siglas por extenso pelo menos uma vez, pois muitos ATS buscam o termo literal: ${abbreviations.map(([a, b]) => `${b} (${a})`).join(', ')}.`,
    );
  return out;
};
