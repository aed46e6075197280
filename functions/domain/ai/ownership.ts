import { looksLikeInstruction, normalise, stopwords, tokenize } from '#shared/match-text';
import type { ResumeContent } from '#shared/resume';

/**
 * How much of a piece of work a sentence claims for the writer, read from its verbs in English and
 * Portuguese: 1 took part in it ("worked on", "helped", "participei"), 2 did it ("built", "maintained",
 * "desenvolvi"), 3 owned or led it ("led", "delivered", "responsible for", "liderei"). A rewrite may keep
 * or soften a claim; claiming more than the resume does ("Worked on Magic Pocket" → "Delivered Magic
 * Pocket") changes what the reader believes the writer did, so it is a new fact unless the resume says so.
 */

export type OwnershipLevel = 1 | 2 | 3;

/** Verbs, normalised (lower case, no accents), by level. Each is a claim only where a clause starts. */
const VERBS: Record<OwnershipLevel, string> = {
  1: `worked working works helped helping helps assisted assisting assists supported supporting supports
      participated participating participates contributed contributing contributes collaborated
      collaborating collaborates involved
      trabalhei trabalhou trabalha ajudei ajudou ajuda apoiei apoiou apoia auxiliei auxiliou auxilia
      participei participou participa contribui contribuiu colaborei colaborou colabora atuei atuou atua`,
  2: `built building builds developed developing develops implemented implementing implements designed
      designing designs created creating creates wrote writes engineered handled handles maintained
      maintaining maintains managed managing manages ran runs coded programmed
      desenvolvi desenvolveu desenvolve implementei implementou implementa construi construiu constroi
      criei criou cria projetei projetou projeta escrevi escreveu escreve mantive manteve mantem gerenciei
      gerenciou gerencia`,
  3: `led leading leads owned owning owns delivered delivering delivers drove driving drives spearheaded
      spearheading spearheads headed heads directed directing directs launched launching launches shipped
      ships founded cofounded co-founded architected championed pioneered orchestrated oversaw overseeing
      oversees
      liderei liderou lidera conduzi conduziu conduz entreguei entregou entrega coordenei coordenou coordena
      chefiei chefiou chefia dirigi dirigiu dirige fundei fundou lancei lancou lanca idealizei idealizou`,
};

/** Phrases that claim a level wherever they stand ("the engineer responsible for payments"). */
const PHRASES: [RegExp, OwnershipLevel][] = [
  [
    /\b(?:responsible for|in charge of|accountable for|owner of|responsavel (?:por|pela|pelo)|a frente d[aeo])\b/,
    3,
  ],
  [/\b(?:tasked with|duties included)\b/, 2],
  [/\b(?:took part in|was involved in|involved in|worked on|worked with|part of the team)\b/, 1],
];

const verbLevel = new Map<string, OwnershipLevel>(
  ([1, 2, 3] as const).flatMap((level) =>
    VERBS[level]
      .split(/\s+/)
      .filter(Boolean)
      .map((verb) => [verb, level] as const),
  ),
);

// After these words a verb starts a clause: "who led", "and shipped", "I built", "que liderou".
const CLAUSE_OPENERS = new Set(
  'who and then also i we she he they was were que e eu tambem depois onde'.split(' '),
);

export interface Claim {
  level: OwnershipLevel;
  /** As written ("Delivered", "responsible for"). */
  text: string;
}

/** The ownership claims of one sentence (a verb where a clause starts, or a phrase anywhere). */
export function claimsIn(sentence: string): Claim[] {
  const claims: Claim[] = [];
  const norm = normalise(sentence);
  for (const [pattern, level] of PHRASES) {
    const match = pattern.exec(norm);
    if (match) claims.push({ level, text: sentence.slice(match.index, match.index + match[0].length) });
  }
  const tokens = tokenize(sentence);
  for (const [i, token] of tokens.entries()) {
    const level = verbLevel.get(token.norm);
    if (level === undefined) continue;
    const previous = tokens[i - 1];
    const between = previous ? sentence.slice(previous.end, token.start) : '';
    const opensClause = !previous || /[,:(–—-]/.test(between) || CLAUSE_OPENERS.has(previous.norm);
    if (opensClause) claims.push({ level, text: token.raw });
  }
  return claims;
}

/** Sentences and lines of a text: the units a claim is read in. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\r?\n|(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** What a text is about: its words that are neither function words nor ownership verbs, as stems. */
function topicOf(text: string): Set<string> {
  let plain = normalise(text);
  for (const [pattern] of PHRASES) plain = plain.replace(new RegExp(pattern.source, 'g'), ' ');
  return new Set(
    tokenize(plain)
      .filter((t) => t.norm.length > 1 && !stopwords.has(t.norm) && !verbLevel.has(t.norm))
      .map((t) => t.stem),
  );
}

export interface ResumeClaims {
  /** Each sentence of the resume with the most it claims (0: no ownership verb) and what it is about. */
  sentences: { level: number; topic: Set<string> }[];
  /** The most the resume claims anywhere. */
  strongest: number;
}

/**
 * The resume's claims: the sentences of its summary and of every item's description. Lines that read like
 * instructions to an AI state nothing.
 */
export function resumeClaims(resume: ResumeContent): ResumeClaims {
  const texts = [
    resume.personalInfo?.summary ?? '',
    ...(resume.experience ?? []).map((e) => e.description),
    ...(resume.projects ?? []).map((p) => p.description),
    ...(resume.volunteering ?? []).map((v) => v.description),
    ...(resume.awards ?? []).map((a) => a.description),
    ...(resume.education ?? []).map((e) => e.description),
    ...(resume.customSections ?? []).flatMap((s) => s.items.map((i) => i.description)),
  ];
  const sentences = texts
    .flatMap(sentencesOf)
    .filter((sentence) => !looksLikeInstruction(sentence))
    .map((sentence) => ({
      level: Math.max(0, ...claimsIn(sentence).map((c) => c.level)),
      topic: topicOf(sentence),
    }));
  return { sentences, strongest: Math.max(0, ...sentences.map((s) => s.level)) };
}

/**
 * The claims of `written` stronger than what the resume says about the same thing: a sentence that claims
 * to have done (2) or owned (3) something needs a sentence of the resume that claims as much and shares two
 * of its words (its one word, when it has one). A sentence sharing no word with the resume (another
 * language) needs the resume to claim as much somewhere. E.g. `ownership: Delivered`; empty when backed.
 */
export function strongerClaims(resume: ResumeClaims, written: string): string[] {
  const found: string[] = [];
  for (const sentence of sentencesOf(written)) {
    const strongest = claimsIn(sentence).reduce<Claim | undefined>(
      (best, claim) => (best && best.level >= claim.level ? best : claim),
      undefined,
    );
    if (!strongest || strongest.level < 2) continue;
    const topic = topicOf(sentence);
    const needed = Math.min(2, topic.size);
    let related = false;
    let backed = false;
    for (const source of resume.sentences) {
      let shared = 0;
      for (const stem of topic) if (source.topic.has(stem)) shared++;
      if (shared > 0) related = true;
      if (shared >= needed && source.level >= strongest.level) {
        backed = true;
        break;
      }
    }
    if (!backed && !related) backed = resume.strongest >= strongest.level;
    if (!backed) found.push(`ownership: ${strongest.text}`);
  }
  return found;
}
