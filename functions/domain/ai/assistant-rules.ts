import { looksLikeInstruction, normalise, stopwords } from '#shared/match-text';
import { descriptionLines, type ExperienceItem, type ProjectItem, type ResumeContent } from '#shared/resume';

/**
 * Two questions the offline assistant answers from rules rather than with a model: which achievements to
 * lead with (the resume's measurable bullets, ranked), and "rewrite my X bullets to mention Y" (which item,
 * and which term). Pure code, English and Portuguese.
 */

/** What kind of result a bullet measures, strongest first. */
export type ImpactKind = 'money' | 'percent' | 'change' | 'multiple' | 'count';

/** How much each kind weighs: money and rates speak most to a reader, a bare count least. */
export const IMPACT_WEIGHT: Record<ImpactKind, number> = {
  money: 4,
  percent: 3,
  change: 3,
  multiple: 2,
  count: 1,
};
/** The most recent job's results weigh this much more, the one before half of it. */
const RECENCY_BONUS = [1, 0.5];

const IMPACT: [ImpactKind, RegExp][] = [
  [
    'money',
    /(?:[$€£]|\br\$|\bus\$|\busd\b|\beur\b|\breais\b|\bdollars?\b)\s?\d|\d[\d.,]*\s?(?:k|m|mm|mi|bn)?\s?(?:usd|eur|reais|dollars?)\b/,
  ],
  ['percent', /\d\s?%|\bpor cento\b|\bpercent\b/],
  // A measure before and after: "from 820 ms to 510 ms", "de 3 para 1 dia".
  ['change', /\bfrom\s+\S*\d[^.;]{0,40}?\bto\s+\S*\d|\bde\s+\S*\d[^.;]{0,40}?\b(?:para|a)\s+\S*\d/],
  [
    'multiple',
    /\b(?:halved|doubled|tripled|quadrupled|\d+(?:[.,]\d+)?\s?[x×](?![\p{L}\d])|[x×]\s?\d+|\d+\s+times|metade|dobr\w+|triplic\w+)\b/u,
  ],
  [
    'count',
    /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|dozen|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|vinte|trinta|cem|mil|milhoes|milhao)\b/,
  ],
];

/** The kinds of result a line measures (none: it states no number). */
export function impactOf(line: string): ImpactKind[] {
  const text = normalise(line);
  return IMPACT.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
}

/** How much a line's results weigh (0: it measures nothing). */
export const impactScore = (line: string) =>
  impactOf(line).reduce((sum, kind) => sum + IMPACT_WEIGHT[kind], 0);

export interface Achievement {
  line: string;
  /** The job (or project) it belongs to, as the resume names it. */
  where: string;
  kinds: ImpactKind[];
  score: number;
}

const dateKey = (item: { startDate: string; endDate: string; current: boolean }) =>
  `${item.current || item.endDate === '' ? '9999' : item.endDate}|${item.startDate}`;

/**
 * The resume's measurable bullets, strongest first: the weights of the kinds each measures, plus a bonus
 * for the most recent jobs; ties keep the resume's order. Experience first, then projects (no bonus).
 * Lines that read like instructions to an AI are left out.
 */
export function rankAchievements(resume: ResumeContent, max = 3): Achievement[] {
  const jobs = resume.experience
    .map((item, i) => ({ item, i }))
    .sort((a, b) =>
      dateKey(a.item) < dateKey(b.item) ? 1 : dateKey(a.item) > dateKey(b.item) ? -1 : a.i - b.i,
    )
    .map(({ item }) => item);
  const where = (item: ExperienceItem | ProjectItem) =>
    'company' in item
      ? [item.position, item.company]
          .map((s) => s.trim())
          .filter(Boolean)
          .join(', ')
      : item.name.trim();
  const candidates = [
    ...jobs.map((item, rank) => ({ item, bonus: RECENCY_BONUS[rank] ?? 0 })),
    ...resume.projects.map((item) => ({ item, bonus: 0 })),
  ].flatMap(({ item, bonus }) =>
    descriptionLines(item.description)
      .filter((line) => !looksLikeInstruction(line))
      .map((line) => {
        const kinds = impactOf(line);
        const score = impactScore(line);
        return {
          line: line.replace(/[.;]+$/, ''),
          where: where(item),
          kinds,
          score: score > 0 ? score + bonus : 0,
        };
      }),
  );
  return candidates
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.score > 0)
    .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
    .slice(0, max)
    .map(({ c }) => c);
}

// ---------------------------------------------------------------------------------------------------------
// "Rewrite my X bullets to mention Y"

const REWRITE = /\b(?:rewrite|re-write|reword|rephrase|redo|reescrev\w*|reformul\w*|refaca|refazer)\b/;
// What to bring in: the words after "to mention", "including", "para mencionar"... up to the end.
const MENTION =
  /\b(?:to\s+(?:mention|include|highlight|emphasi[sz]e|feature|show|add|name|cite)|mentioning|including|highlighting|emphasi[sz]ing|(?:para|pra)\s+(?:mencionar|citar|incluir|destacar|enfatizar|mostrar)|mencionando|citando|incluindo|destacando)\s+(.+)$/;

/** Whether a message asks to rewrite something. */
export const asksToRewrite = (message: string) => REWRITE.test(normalise(message));

export interface RewriteRequest {
  /** The item it names (experience or project), when the message names one the resume has. */
  item: ExperienceItem | ProjectItem | undefined;
  /** What to mention, as the message writes it (null: nothing named). */
  term: string | null;
}

/** Words only, lower case, without accents or punctuation ("Queue-Lens, Inc." → "queue lens inc"). */
const plain = (text: string) =>
  normalise(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What names an item: its employer (or project name), then its position. */
function namesOf(item: ExperienceItem | ProjectItem): string[] {
  const names = 'company' in item ? [item.company, item.position] : [item.name];
  return names.map(plain).filter((n) => n.length > 1);
}

/**
 * Which item and term a rewrite request names: the item whose employer (or project name) the message
 * holds in full, or else by its first distinctive word ("my Confluent bullets" for "Confluent, Inc."), the
 * first in the resume’s order on a tie; the term after "to mention", "including", "para mencionar".
 */
export function readRewriteRequest(message: string, resume: ResumeContent): RewriteRequest {
  const padded = ` ${plain(message)} `;
  const mention = MENTION.exec(normalise(message));
  let term: string | null = null;
  if (mention) {
    const start = normalise(message).length - (mention[1] as string).length;
    term =
      message
        .slice(start)
        .replace(/[?.!]+\s*$/, '')
        .replace(/^(?:my|the|a|an|o|a|os|as|meu|minha|meus|minhas)\s+/i, '')
        .replace(/\s+(?:in (?:them|it)|nelas?|neles?|there|ali)$/i, '')
        .trim() || null;
  }
  const items: (ExperienceItem | ProjectItem)[] = [...resume.experience, ...resume.projects];
  let best: { item: ExperienceItem | ProjectItem; weight: number } | undefined;
  for (const item of items) {
    const [name, second] = namesOf(item);
    if (!name) continue;
    let weight = 0;
    if (padded.includes(` ${name} `)) weight = 3;
    else {
      const word = name.split(' ').find((w) => w.length >= 4 && !stopwords.has(w));
      if (word && padded.includes(` ${word} `)) weight = 2;
      else if (second && padded.includes(` ${second} `)) weight = 1;
    }
    if (weight > (best?.weight ?? 0)) best = { item, weight };
  }
  return { item: best?.item, term };
}
