import { formNamed, TextIndex } from '#shared/match-text';
import { impactScore, readRewriteRequest } from '../../assistant-rules.ts';
import { groundSuggestions } from '../../grounding.ts';
import { tidy } from '../plain-verbs.ts';
import { respellTo } from '../respelling.ts';
import { clean, cleanLines, listJoin, sentence, upperFirst } from '../text.ts';
import type { IntentHandler } from './context.ts';

/**
 * "Rewrite my Acme bullets to mention Kubernetes": the named item's bullets said plainly, those naming the
 * term first; a term the item does not state is refused rather than written in. Asks which job when the
 * message names none.
 */
export const rewriteAdvice: IntentHandler = ({ input, en, lang, resume, jobs, allText }) => {
  const { item, term } = readRewriteRequest(input.message, resume);
  const items = [...jobs, ...resume.projects];
  if (!item) {
    const names = items
      .map((i) => clean('company' in i ? i.company : i.name))
      .filter(Boolean)
      .slice(0, 5);
    return [
      en
        ? `Which job should I reword? Name it as your resume does${names.length > 0 ? `: ${listJoin(names, 'en')}` : ''}, for example "Rewrite my ${names[0] ?? 'Acme'} bullets to mention …".`
        : `Qual experiência devo reescrever? Cite-a como está no currículo${names.length > 0 ? `: ${listJoin(names, 'pt')}` : ''}, por exemplo "Reescreva meus tópicos da ${names[0] ?? 'Acme'} para mencionar …".`,
    ];
  }
  const name =
    clean('company' in item ? item.company : item.name) || clean('position' in item ? item.position : '');
  const lines = cleanLines(item.description);
  if (lines.length === 0) {
    return [
      en
        ? `Your ${name} entry has no bullets yet, so there is nothing to reword: write what you did there and what changed because of it, then ask again.`
        : `A experiência ${name} ainda não tem tópicos, então não há o que reescrever: escreva o que você fez lá e o que mudou por causa disso, e pergunte de novo.`,
    ];
  }
  const wanted = term ? clean(term) : '';
  const form = wanted ? formNamed(wanted) : undefined;
  const names = (text: string) => {
    const index = new TextIndex(text);
    return form ? index.hasEntry(form.entry) : index.has(wanted);
  };
  // The item's bullets said plainly: those naming the term first (written the term's way), then the
  // strongest results; nothing added, and checked as every suggestion is.
  const reworded = lines
    .map((line, i) => ({
      line: tidy(line, lang),
      i,
      named: wanted !== '' && names(line),
      impact: impactScore(line),
    }))
    .sort((a, b) => Number(b.named) - Number(a.named) || b.impact - a.impact || a.i - b.i)
    .map(({ line, named }) => sentence(named && form ? respellTo(line, form.entry, wanted) : line));
  const unchanged = reworded.join('\n') === lines.map(sentence).join('\n');
  const grounded = groundSuggestions(resume, [reworded.join('\n')]).kept.length > 0;
  const proposal =
    unchanged || !grounded
      ? en
        ? 'They already open with their strongest results and plain verbs: I would not change them without adding facts.'
        : 'Eles já começam pelos resultados mais fortes e com verbos diretos: eu não os mudaria sem acrescentar fatos.'
      : reworded.map((l) => `• ${l}`).join('\n');
  if (!wanted) {
    return [
      en
        ? `Your ${name} bullets with the strongest results first and plain verbs, nothing added:\n${proposal}`
        : `Seus tópicos de ${name} com os resultados mais fortes primeiro e verbos diretos, sem nada acrescentado:\n${proposal}`,
    ];
  }
  if (names(item.description)) {
    return [
      unchanged || !grounded
        ? en
          ? `Your ${name} bullets already put ${wanted} and their strongest results first: I would not change them without adding facts.`
          : `Seus tópicos de ${name} já trazem ${wanted} e os resultados mais fortes primeiro: eu não os mudaria sem acrescentar fatos.`
        : en
          ? `Your ${name} bullets reworded to put ${wanted} first, with nothing added:\n${proposal}\nEvery fact in them is one your resume already states.`
          : `Seus tópicos de ${name} reescritos com ${wanted} em primeiro lugar, sem nada acrescentado:\n${proposal}\nTodos os fatos já estão no seu currículo.`,
    ];
  }
  const elsewhere = names(allText);
  const refusal = en
    ? `Your ${name} bullets do not mention ${wanted}, so I will not write it in: that would claim something your resume does not say about that job.${elsewhere ? ` ${upperFirst(wanted)} is elsewhere in your resume; if you used it at ${name}, add a bullet of your own saying how (what you did with it, and what came of it).` : ` It appears nowhere in your resume; add it only if it is true, with where you used it.`}`
    : `Seus tópicos de ${name} não mencionam ${wanted}, então não vou incluir: seria afirmar algo que seu currículo não diz sobre essa experiência.${elsewhere ? ` ${upperFirst(wanted)} aparece em outra parte do currículo; se você usou em ${name}, acrescente um tópico seu dizendo como (o que você fez com isso e o que resultou).` : ` Não aparece em nenhuma parte do currículo; inclua apenas se for verdade, dizendo onde usou.`}`;
  return [
    unchanged || !grounded
      ? `${refusal} ${en ? 'The bullets themselves already open with their strongest results and plain verbs.' : 'Os tópicos em si já começam pelos resultados mais fortes e com verbos diretos.'}`
      : `${refusal} ${en ? 'Meanwhile, the same bullets with the strongest results first:' : 'Enquanto isso, os mesmos tópicos com os resultados mais fortes primeiro:'}\n${proposal}`,
  ];
};
