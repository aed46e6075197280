import { looksLikeInstruction } from '#shared/match-text';
import { descriptionLines, type ResumeLanguage } from '#shared/resume';

/** The two languages the local engine writes in. */
export type Lang = 'en' | 'pt';

/** The engine's language for a resume or app language. */
export const langOf = (language: ResumeLanguage | 'pt-BR' | 'en'): Lang =>
  language === 'pt-BR' ? 'pt' : 'en';

/** A measurable result: digits, or a number written out ("six engineers", "oito anos"). */
const NUMBER =
  /\d|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|half|halved|doubled|tripled|dois|duas|tres|três|quatro|cinco|seis|sete|oito|nove|dez|vinte|trinta|cem|metade|dobro)\b/i;

/** Whether a line states a measurable result. */
export const hasNumber = (text: string) => NUMBER.test(text);

/** The description's bullets, without the ones that read like instructions. */
export const cleanLines = (text: string) =>
  descriptionLines(text).filter((line) => !looksLikeInstruction(line));

/** The text on one line with single spaces, or '' when it reads like an instruction to an AI. */
export const clean = (text: string) => (looksLikeInstruction(text) ? '' : text.replace(/\s+/g, ' ').trim());

/** "a, b and c" ("a, b e c"). */
export const listJoin = (items: readonly string[], lang: Lang) => {
  const and = lang === 'en' ? 'and' : 'e';
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
};

/** A capitalised word made lower case ("Led" → "led"), an abbreviation left alone ("AWS"). */
export const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s);

/** The first letter in capitals. */
export const upperFirst = (s: string) => (s ? (s[0] as string).toUpperCase() + s.slice(1) : s);

/** A line as a sentence: capitalised, ending with a full stop unless it has its own ending. */
export const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? '' : /[.!?]$/.test(t) ? upperFirst(t) : `${upperFirst(t)}.`;
};

/** A bullet quoted in an answer: no markup, no trailing stop, cut at 110 characters. */
export const quote = (text: string) => {
  const t = text
    .replace(/<[^>]*>/g, '')
    .trim()
    .replace(/[.;]+$/, '');
  return `"${t.length > 110 ? `${t.slice(0, 107)}…` : t}"`;
};
