import type { IntentHandler } from './context.ts';

/** "Is my resume too long?": words and pages, the rule of thumb, and bullets over 200 characters. */
export const lengthAdvice: IntentHandler = ({ en, words, jobs, bullets }) => {
  const out: string[] = [];
  const pages = Math.max(1, Math.round(words / 450));
  out.push(
    en
      ? `Your resume has about ${words} words, roughly ${pages} page${pages === 1 ? '' : 's'}, with ${jobs.length} position${jobs.length === 1 ? '' : 's'} and ${bullets.length} bullets.`
      : `Seu currículo tem cerca de ${words} palavras, aproximadamente ${pages} página${pages === 1 ? '' : 's'}, com ${jobs.length} experiência${jobs.length === 1 ? '' : 's'} e ${bullets.length} tópicos.`,
  );
  out.push(
    en
      ? 'One page suits early careers; two pages are fine with ten or more years. Trim older roles to 1 or 2 bullets before cutting recent results.'
      : 'Uma página atende bem ao início de carreira; duas páginas são adequadas com dez anos ou mais. Reduza experiências antigas a 1 ou 2 tópicos antes de cortar resultados recentes.',
  );
  const long = bullets.filter((b) => b.line.length > 200).length;
  if (long > 0)
    out.push(
      en
        ? `${long} bullet${long === 1 ? ' is' : 's are'} over 200 characters: split or tighten them.`
        : `${long} tópico${long === 1 ? ' passa' : 's passam'} de 200 caracteres: divida ou enxugue.`,
    );
  return out;
};
