import { normalise } from '#shared/match-text';
import { asksToRewrite } from '../../assistant-rules.ts';
import type { ChatInput } from '../../provider.ts';
import type { Lang } from '../text.ts';

/** What a chat message asks about; each has its handler in this folder. */
export type Intent =
  | 'rewrite'
  | 'lead'
  | 'summary'
  | 'skills'
  | 'experience'
  | 'length'
  | 'ats'
  | 'keywords'
  | 'formatting'
  | 'general'
  | 'unsupported';

// "Which achievements should I lead with?", "Quais conquistas devo destacar?": the measurable bullets, ranked.
const LEAD =
  /\b(lead with|open with|start with|put first|prioriti[sz]e|highlight|showcase|strongest|most impressive|best|top)\b.*\b(achievements?|accomplishments?|results?|bullets?|wins?)\b|\b(achievements?|accomplishments?|results?|wins?)\b.*\b(lead with|open with|start with|first|highlight|strongest|best|most impressive)\b|\b(destacar|destaque|comecar|comece|primeiro|principais|melhores|mais fortes)\b.*\b(conquistas?|realizacoes|resultados?|topicos?)\b|\b(conquistas?|realizacoes|resultados?)\b.*\b(destacar|destaque|primeiro|comecar|principais|melhores|mais fortes)\b/;
// A greeting or a question about the resume as a whole: a quick read of it.
const OVERVIEW =
  /\b(hi|hello|hey|thanks?|thank you|ola|oi|obrigad[oa]|good|bad|overall|review|feedback|improve\w*|better|stronger|weak\w*|rate|opinion|think|melhor\w*|bom|boa|avali\w*|revis\w*|opiniao|acha|fracos?|fortes?|resume|curriculo|cv)\b/;

const INTENTS: [Intent, RegExp][] = [
  ['ats', /\b(ats|applicant tracking|robot|robo|filtro|parse|parsing)\b/],
  ['keywords', /\b(keywords?|palavras?[\s-]chave|job description|descricao da vaga|vaga|match)\b/],
  ['summary', /\b(summary|resumo|perfil|profile|about me|sobre mim|objective|objetivo)\b/],
  ['skills', /\b(skills?|habilidades?|competencias?|tecnologias?|ferramentas?|tools?)\b/],
  [
    'experience',
    /\b(experience|experiencia|bullets?|topicos?|descriptions?|descricao|achievements?|conquistas?|realizacoes|jobs?|empregos?)\b/,
  ],
  ['length', /\b(length|long|short|pages?|tamanho|paginas?|longo|curto|extenso|size)\b/],
  ['formatting', /\b(format\w*|layout|templates?|fonts?|fontes?|modelos?|visual|design)\b/],
];

/**
 * What a chat message asks about, from its words in English or Portuguese: a rewrite, the achievements to
 * lead with, one part of the resume, the resume as a whole ('general'), or something the rules cannot
 * answer ('unsupported').
 */
export function detectIntent(message: string): Intent {
  const text = normalise(message);
  if (asksToRewrite(message)) return 'rewrite';
  if (LEAD.test(text)) return 'lead';
  return (
    INTENTS.find(([, pattern]) => pattern.test(text))?.[0] ??
    (OVERVIEW.test(text) ? 'general' : 'unsupported')
  );
}

/** The message's intent; a short follow-up ("and?", "e mais?") keeps the subject of the user's previous question. */
export function intentOf(input: Pick<ChatInput, 'message' | 'history'>): Intent {
  const previous = input.history.filter((m) => m.role === 'user').at(-1);
  const asked = detectIntent(input.message);
  return (asked === 'general' || asked === 'unsupported') &&
    previous &&
    input.message.trim().split(/\s+/).length <= 4
    ? detectIntent(previous.content)
    : asked;
}

const PT_HINTS =
  /\b(voce|meu|minha|como|qual|quais|curriculo|melhorar|posso|devo|resumo|habilidades|obrigad[oa]|ola)\b/;
const EN_HINTS = /\b(my|how|what|which|should|can|improve|resume|the|is|are|please|hello|hi)\b/;

/** The language of the question when its words tell, else `fallback` (the resume's). */
export function answerLanguage(message: string, fallback: Lang): Lang {
  const text = normalise(message);
  const pt = PT_HINTS.test(text);
  const en = EN_HINTS.test(text);
  return pt && !en ? 'pt' : en && !pt ? 'en' : fallback;
}
