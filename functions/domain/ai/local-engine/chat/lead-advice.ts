import { rankAchievements } from '../../assistant-rules.ts';
import { listJoin, quote } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "Which achievements should I lead with?": the most measurable bullets, ranked, with where each comes from. */
export const leadAdvice: IntentHandler = ({ en, resume, bullets }) => {
  const ranked = rankAchievements(resume, 3);
  if (ranked.length === 0) {
    const recent = bullets.slice(0, 2).map((b) => quote(b.line));
    return [
      en
        ? `None of your bullets has a number yet, so none stands out as a result a recruiter can weigh.${recent.length > 0 ? ` Start from your most recent role (${listJoin(recent, 'en')}) and add how many, how much or how fast.` : ' Add your experience first, with what changed because of your work.'}`
        : `Nenhum dos seus tópicos tem número ainda, então nenhum se destaca como resultado que quem recruta possa medir.${recent.length > 0 ? ` Comece pela experiência mais recente (${listJoin(recent, 'pt')}) e acrescente quantos, quanto ou em quanto tempo.` : ' Inclua primeiro suas experiências, com o que mudou por causa do seu trabalho.'}`,
    ];
  }
  const list = ranked.map((a, i) => `${i + 1}. "${a.line.replace(/<[^>]*>/g, '')}" (${a.where})`).join('\n');
  return [
    en
      ? `Lead with these results, the most measurable first:\n${list}\nThey state money, rates or before-and-after figures a recruiter can weigh at a glance, and recent ones count most. Put each first in its job, and bring the top one into your summary.`
      : `Comece por estes resultados, os mais mensuráveis primeiro:\n${list}\nEles trazem valores, taxas ou números de antes e depois que quem recruta avalia de relance, e os mais recentes pesam mais. Coloque cada um em primeiro lugar na sua experiência e leve o principal para o resumo.`,
  ];
};
