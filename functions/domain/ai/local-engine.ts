import type { AnalyzedKeyword, JobAnalysis, MatchScore } from '#shared/ai';
import { SUMMARY_SUGGESTION_MAX_CHARS, suggestionKey } from '#shared/ai';
import { scoreResume } from '#shared/match-score';
import {
  fieldText,
  findTerms,
  formNamed,
  looksLikeInstruction,
  normalise,
  resumeFactText,
  resumeText,
  TextIndex,
  type Token,
  tokenize,
  type VocabularyEntry,
} from '#shared/match-text';
import {
  descriptionLines,
  type ExperienceItem,
  type ProjectItem,
  type ResumeContent,
  type ResumeLanguage,
} from '#shared/resume';
import { skillOrderText } from '#shared/tailoring';
import { asksToRewrite, impactScore, rankAchievements, readRewriteRequest } from './assistant-rules.ts';
import { groundSuggestions } from './grounding.ts';
import {
  AiError,
  type AiProvider,
  type CallOptions,
  type ChatInput,
  type ImportPick,
  type RefineImportInput,
  type SuggestInput,
  type TailorInput,
  type TailoringDraft,
} from './provider.ts';

/**
 * The deterministic local engine: the AI provider when no Anthropic key is configured (offline, tests, the
 * end-to-end suite). No network and no randomness (a repeat's seed orders its choices, the same way every time): it rearranges, tidies and foregrounds what the resume
 * already says, in English or Portuguese, so its output passes the grounding filter by construction. The
 * resume and the chat message are data, never instructions: nothing here acts on their words, and text that
 * reads like an instruction to an AI is never quoted back.
 */

type Lang = 'en' | 'pt';
const langOf = (language: ResumeLanguage | 'pt-BR' | 'en'): Lang => (language === 'pt-BR' ? 'pt' : 'en');

// ---------------------------------------------------------------------------------------------------------
// Reading the resume

/** A measurable result: digits, or a number written out ("six engineers", "oito anos"). */
const NUMBER =
  /\d|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|half|halved|doubled|tripled|dois|duas|tres|três|quatro|cinco|seis|sete|oito|nove|dez|vinte|trinta|cem|metade|dobro)\b/i;
const hasNumber = (text: string) => NUMBER.test(text);

/** The description's bullets, without the ones that read like instructions. */
const cleanLines = (text: string) => descriptionLines(text).filter((line) => !looksLikeInstruction(line));

const dateKey = (item: { startDate: string; endDate: string; current: boolean }) =>
  `${item.current || item.endDate === '' ? '9999' : item.endDate}|${item.startDate}`;

/** Experience, most recent first (current ones first, then by end date, then by start date); stable. */
function byRecency<T extends { startDate: string; endDate: string; current: boolean }>(
  items: readonly T[],
): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) =>
      dateKey(a.item) < dateKey(b.item) ? 1 : dateKey(a.item) > dateKey(b.item) ? -1 : a.i - b.i,
    )
    .map(({ item }) => item);
}

const clean = (text: string) => (looksLikeInstruction(text) ? '' : text.replace(/\s+/g, ' ').trim());

function roleOf(resume: ResumeContent): string {
  const title = clean(resume.personalInfo?.jobTitle ?? '');
  if (title) return title;
  return clean(byRecency(resume.experience)[0]?.position ?? '');
}

function skillNames(resume: ResumeContent): string[] {
  return resume.skills.map((s) => clean(s.name)).filter((s) => s !== '');
}

const listJoin = (items: readonly string[], lang: Lang) => {
  const and = lang === 'en' ? 'and' : 'e';
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
};

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s);
const upperFirst = (s: string) => (s ? (s[0] as string).toUpperCase() + s.slice(1) : s);
const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? '' : /[.!?]$/.test(t) ? upperFirst(t) : `${upperFirst(t)}.`;
};

const DEGREE_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    associate: 'Associate degree',
    bachelor: "Bachelor's degree",
    master: "Master's degree",
    phd: 'PhD',
    md: 'MD',
    jd: 'JD',
  },
  pt: { associate: 'Tecnólogo', bachelor: 'Bacharelado', master: 'Mestrado', phd: 'Doutorado' },
};

function educationLine(resume: ResumeContent, lang: Lang): string {
  const edu = resume.education.find((e) => DEGREE_NAMES[lang][e.degree] || e.degree.trim() !== '');
  if (!edu || looksLikeInstruction(`${edu.degree} ${edu.field} ${edu.school}`)) return '';
  const degree = DEGREE_NAMES[lang][edu.degree] ?? clean(edu.degree);
  const rawField = fieldText(edu.field);
  const field = upperFirst(
    clean(lang === 'en' ? (rawField.split(',')[0] ?? '') : (rawField.split(',').at(-1) ?? '')),
  );
  const school = clean(edu.school);
  if (!degree || ['certificate', 'diploma'].includes(edu.degree)) return '';
  // A degree still being studied says so: claiming it finished would be a new fact.
  const ongoing = edu.current ? (lang === 'en' ? ' (in progress)' : ' (em andamento)') : '';
  const of = lang === 'en' ? ' in ' : ' em ';
  return `${degree}${field ? `${of}${field}` : ''}${ongoing}${school ? `, ${school}` : ''}.`;
}

/** The bullet of an item that says most: numbers first, then length (stable); none over 180 characters. */
function highlights(item: ExperienceItem | ProjectItem | undefined): string[] {
  if (!item) return [];
  return cleanLines(item.description)
    .map((line, i) => ({ line: line.replace(/[.;]+$/, ''), i }))
    .filter(({ line }) => line.length <= 180)
    .sort((a, b) => Number(hasNumber(b.line)) - Number(hasNumber(a.line)) || a.i - b.i)
    .map(({ line }) => line);
}

// ---------------------------------------------------------------------------------------------------------
// Summaries

const T = {
  en: {
    withExperience: (role: string, companies: string[]) =>
      `${role} with experience at ${listJoin(companies, 'en')}.`,
    at: (company: string, bullet: string) => `At ${company}, ${lowerFirst(bullet)}.`,
    skilled: (skills: string[]) => `Skilled in ${listJoin(skills, 'en')}.`,
    skilledRole: (role: string, skills: string[]) => `${role} skilled in ${listJoin(skills, 'en')}.`,
    currently: (position: string, company: string) => `Currently ${position} at ${company}.`,
    previously: (position: string, company: string) => `Previously ${position} at ${company}.`,
    toolkit: (skills: string[]) => `Day-to-day toolkit: ${skills.join(', ')}.`,
    focus: (role: string) => `${role} who turns plans into shipped, dependable results.`,
  },
  pt: {
    withExperience: (role: string, companies: string[]) =>
      `${role} com experiência em ${listJoin(companies, 'pt')}.`,
    at: (company: string, bullet: string) => `Em ${company}: ${lowerFirst(bullet)}.`,
    skilled: (skills: string[]) => `Domínio de ${listJoin(skills, 'pt')}.`,
    skilledRole: (role: string, skills: string[]) => `${role} com domínio de ${listJoin(skills, 'pt')}.`,
    currently: (position: string, company: string) => `Atualmente ${position} em ${company}.`,
    previously: (position: string, company: string) => `Antes, ${position} em ${company}.`,
    toolkit: (skills: string[]) => `Ferramentas do dia a dia: ${skills.join(', ')}.`,
    focus: (role: string) => `${role} que transforma planos em entregas consistentes.`,
  },
} as const;

/** Lines that state no fact, for a resume too thin to fill three lines. */
const FILLERS: Record<Lang, string[]> = {
  en: [
    'Open to roles where steady, careful work makes a difference.',
    'Brings care and follow-through to every piece of work.',
    'Learns fast and likes to finish what is started.',
  ],
  pt: [
    'Em busca de desafios em que um trabalho cuidadoso faça diferença.',
    'Cuidado e constância em cada entrega.',
    'Aprende rápido e gosta de concluir o que começa.',
  ],
};

/** Three to five lines, at most `max` characters in all: the last lines go first, then the middle ones. */
function fitLines(lines: readonly string[], max: number, lang: Lang): string {
  const kept = lines.filter((l) => l.trim() !== '');
  const unique = kept.filter((l, i) => kept.indexOf(l) === i);
  for (const filler of FILLERS[lang]) if (unique.length < 3) unique.push(filler);
  unique.splice(5);
  while (unique.join('\n').length > max && unique.length > 3) unique.splice(unique.length - 2, 1);
  while (unique.join('\n').length > max && unique.length > 1) unique.pop();
  return unique.join('\n').slice(0, max);
}

/** How many rounds of summaries the engine can write: each takes the next highlights, jobs and skills. */
const SUMMARY_ROUNDS = 6;

/** The item `i` places on, wrapping around ('' for an empty list). */
const nth = <T>(list: readonly T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[((i % list.length) + list.length) % list.length];
const rotate = <T>(list: readonly T[], by: number): T[] =>
  list.length === 0 ? [] : list.map((_, i) => nth(list, i + by) as T);

/**
 * Every summary the engine can write for the resume, the usual three first: round 0 as it always was, each
 * later round with the first job's other highlights, an older job and the next skills, so a repeat has new
 * ones to offer until the resume's facts run out.
 */
function summaryPool(resume: ResumeContent, lang: Lang): string[] {
  const t = T[lang];
  const role = roleOf(resume);
  const jobs = byRecency(resume.experience).filter((e) => clean(e.company) && clean(e.position));
  const companies = jobs.map((e) => clean(e.company)).filter((c, i, all) => all.indexOf(c) === i);
  const allSkills = skillNames(resume);
  const first = jobs[0];
  const firstAll = highlights(first);
  const education = educationLine(resume, lang);
  const projectHighlights = resume.projects.flatMap((p) => highlights(p).slice(0, 1));
  if (!role && jobs.length === 0 && allSkills.length === 0 && !education) return [];

  const opener = role
    ? companies.length > 0
      ? t.withExperience(role, companies.slice(0, 3))
      : t.focus(role)
    : companies.length > 0
      ? t.withExperience(lang === 'en' ? 'Professional' : 'Profissional', companies.slice(0, 3))
      : '';
  const rounds: string[][] = [];
  for (let round = 0; round < SUMMARY_ROUNDS; round++) {
    const skills = rotate(allSkills, round * 3);
    const firstHighlights = rotate(firstAll, round);
    // The second job of round 0, then each older one in turn.
    const second = jobs.length > 1 ? nth(jobs.slice(1), round) : undefined;
    const secondHighlights = rotate(highlights(second), Math.floor(round / Math.max(1, jobs.length - 1)));
    const projectHighlight = nth(projectHighlights, round);
    const a = [
      opener,
      first && firstHighlights[0] ? t.at(clean(first.company), firstHighlights[0]) : '',
      second && secondHighlights[0] ? t.at(clean(second.company), secondHighlights[0]) : '',
      skills.length > 0 ? t.skilled(skills.slice(0, 5)) : '',
      education,
    ];
    const b = [
      role && skills.length > 0
        ? t.skilledRole(role, skills.slice(0, 3))
        : opener || (skills.length > 0 ? t.skilled(skills.slice(0, 3)) : ''),
      first ? t.currently(clean(first.position), clean(first.company)) : '',
      firstHighlights[1]
        ? sentence(firstHighlights[1])
        : firstHighlights[0]
          ? sentence(firstHighlights[0])
          : '',
      second ? t.previously(clean(second.position), clean(second.company)) : '',
      skills.length > 3 ? t.toolkit(skills.slice(3, 8)) : projectHighlight ? sentence(projectHighlight) : '',
    ];
    const c = [
      role ? t.focus(role) : opener,
      ...firstHighlights.slice(0, 2).map(sentence),
      secondHighlights[0]
        ? sentence(secondHighlights[0])
        : projectHighlight
          ? sentence(projectHighlight)
          : '',
      education || (skills.length > 0 ? t.skilled(skills.slice(0, 4)) : ''),
    ];
    rounds.push(a, b, c);
  }
  return rounds
    .map((lines) => fitLines(lines, SUMMARY_SUGGESTION_MAX_CHARS, lang))
    .filter((s, i, all) => s !== '' && all.indexOf(s) === i);
}

// ---------------------------------------------------------------------------------------------------------
// Experience descriptions

// A weak opening said plainly, claiming no more than it did (ownership.ts): "worked on" took part, so it
// becomes "Contributed to", never "Delivered"; "responsible for" owned, so "Owned" says the same.
const WEAK_STARTS: Record<Lang, [RegExp, string][]> = {
  en: [
    [/^(?:i\s+)?(?:was\s+)?responsible for\s+/i, 'Owned '],
    [/^(?:i\s+)?was in charge of\s+/i, 'Led '],
    [/^(?:i\s+)?worked on\s+/i, 'Contributed to '],
    [/^(?:i\s+)?participated in\s+/i, 'Contributed to '],
    [/^(?:i\s+)?handled\s+/i, 'Managed '],
    [/^(?:i\s+)?(?:was\s+)?tasked with\s+/i, 'Handled '],
    [/^(?:i\s+)?duties included\s+/i, 'Handled '],
  ],
  pt: [
    [/^(?:fui\s+)?respons[aá]vel (?:por|pela|pelo)\s+/i, 'Conduzi '],
    [/^trabalhei (?:em|no|na|com)\s+/i, 'Atuei em '],
    [/^participei d[ao]\s+/i, 'Contribuí para '],
    [/^participei de\s+/i, 'Contribuí para '],
    [/^ajudei (?:a\s+)?/i, 'Apoiei '],
  ],
};
const FILLER: [RegExp, string][] = [
  [/\s+successfully\b/gi, ''],
  [/\bsuccessfully\s+/gi, ''],
  [/\bin order to\b/gi, 'to'],
  [/\butiliz(?:ed|ing)\b/gi, 'used'],
  [/\bcom sucesso\b/gi, ''],
  [/\s{2,}/g, ' '],
];

function tidy(line: string, lang: Lang): string {
  let text = line.trim().replace(/[.;]+$/, '');
  for (const [pattern, replacement] of WEAK_STARTS[lang]) {
    if (pattern.test(text)) {
      text = replacement + text.replace(pattern, '');
      break;
    }
  }
  for (const [pattern, replacement] of FILLER) text = text.replace(pattern, replacement);
  return upperFirst(text.trim());
}

function experienceSuggestions(item: ExperienceItem, lang: Lang): string[] {
  const lines = cleanLines(item.description);
  if (lines.length === 0) return [];
  // Keep the writer's habit: full stops when most bullets had them.
  const periods = lines.filter((l) => /[.]$/.test(l)).length * 2 > lines.length;
  const tidied = lines.map((l) => tidy(l, lang));
  const ranked = (score: (line: string) => number) =>
    tidied
      .map((line, i) => ({ line, i, score: score(line) }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ line }) => line);
  const impactFirst = ranked((l) => Number(hasNumber(l)));
  const skillsFirst = ranked((l) => findTerms(tokenize(l)).length);
  const concise =
    lines.length > 3
      ? ranked((l) => Number(hasNumber(l)) * 2 + findTerms(tokenize(l)).length).slice(0, 3)
      : [];
  const render = (list: string[], withPeriods = periods) =>
    list.map((l) => (withPeriods ? `${l}.` : l)).join('\n');
  const original = descriptionLines(item.description).join('\n');
  // The usual ones first, then the same orders written with the other habit of full stops.
  const candidates = [
    render(tidied),
    render(impactFirst),
    render(skillsFirst),
    concise.length > 0 ? render(concise) : '',
    render(tidied, !periods),
    render(impactFirst, !periods),
    render(skillsFirst, !periods),
    concise.length > 0 ? render(concise, !periods) : '',
  ];
  return candidates.filter((s, i, all) => s !== '' && s !== original && all.indexOf(s) === i);
}

/** A small deterministic generator (mulberry32): the same seed, the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Three of the pool, none already shown: in the pool's order for seed 0 (or none), else in an order the seed
 * shuffles, so a repeat varies. Empty when everything was shown.
 */
function pick(pool: readonly string[], input: SuggestInput): string[] {
  const shown = new Set((input.avoid ?? []).map(suggestionKey));
  const fresh = pool.filter((s) => !shown.has(suggestionKey(s)));
  if (input.seed) {
    const next = random(input.seed);
    for (let i = fresh.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [fresh[i], fresh[j]] = [fresh[j] as string, fresh[i] as string];
    }
  }
  return fresh.slice(0, 3);
}

// ---------------------------------------------------------------------------------------------------------
// Tailoring

interface JobTerm {
  keyword: AnalyzedKeyword;
  /** The resume covers it only through a synonym or abbreviation (half credit). */
  synonymOnly: boolean;
  /** The vocabulary form the job uses, for skills. */
  entry: VocabularyEntry | undefined;
  stems: string;
}

function jobTerms(analysis: JobAnalysis, score: MatchScore): JobTerm[] {
  const synonymOnly = new Set(score.matched.filter((k) => k.coverage === 'synonym').map((k) => k.keyword));
  return analysis.keywords
    .filter((k) => k.kind === 'hardSkill' || k.kind === 'softSkill' || k.kind === 'other')
    .map((keyword) => {
      const form = formNamed(keyword.keyword);
      return {
        keyword,
        synonymOnly: synonymOnly.has(keyword.keyword),
        entry: form?.entry,
        stems: (form?.stems ?? tokenize(keyword.keyword).map((t) => t.stem)).join(' '),
      };
    });
}

/** A line with the resume's synonyms of job skills written the job's way (same language only). */
/** A product name or abbreviation: capitals after the first letter, digits or symbols ("JS", "k8s", "CI/CD"). */
const nameLike = (text: string) => /[\p{Lu}\d+#./]/u.test(text.slice(1)) || /^[\p{Lu}\d+#./]+$/u.test(text);
const swappable = (written: string, wanted: string) =>
  (nameLike(written) || nameLike(wanted)) &&
  (formNamed(written)?.entry.forms.some((f) => normalise(f.text) === normalise(written)) ?? false);

function respell(
  line: string,
  terms: readonly JobTerm[],
  sameLanguage: boolean,
): { text: string; swaps: string[] } {
  if (!sameLanguage) return { text: line, swaps: [] };
  const tokens = tokenize(line);
  const swaps: string[] = [];
  let text = '';
  let at = 0;
  for (const hit of findTerms(tokens)) {
    const term = terms.find((t) => t.entry === hit.form.entry);
    const written = hit.form.stems.join(' ');
    // Already the job's term, or a longer form holding it ("AWS Lambda" for "Lambda"): leave it.
    if (!term?.synonymOnly || ` ${written} `.includes(` ${term.stems} `)) continue;
    const first = tokens[hit.from] as Token;
    const last = tokens[hit.to - 1] as Token;
    const before = line.slice(first.start, last.end);
    // Only a name or an abbreviation written as such ("JS", "k8s", "Postgres"), never an inflected common
    // word: "monitored" → "observability" would break the sentence and stretch the claim.
    if (!swappable(before, term.keyword.keyword)) continue;
    const replacement = first.start === 0 ? upperFirst(term.keyword.keyword) : term.keyword.keyword;
    text += line.slice(at, first.start) + replacement;
    at = last.end;
    swaps.push(`${before} → ${term.keyword.keyword}`);
  }
  return { text: text + line.slice(at), swaps };
}

/** A line with the names of one skill written as `wanted` ("k8s" → "Kubernetes"); common words stay. */
function respellTo(line: string, entry: VocabularyEntry, wanted: string): string {
  const tokens = tokenize(line);
  let text = '';
  let at = 0;
  for (const hit of findTerms(tokens)) {
    if (hit.form.entry !== entry) continue;
    const first = tokens[hit.from] as Token;
    const last = tokens[hit.to - 1] as Token;
    const before = line.slice(first.start, last.end);
    if (normalise(before) === normalise(wanted) || !swappable(before, wanted)) continue;
    text += line.slice(at, first.start) + (first.start === 0 ? upperFirst(wanted) : wanted);
    at = last.end;
  }
  return text + line.slice(at);
}

/** Each line indexed once per tailoring call, not once per keyword (a long resume has hundreds of lines). */
type LineIndexes = Map<string, TextIndex>;
function lineIndex(line: string, cache: LineIndexes): TextIndex {
  let index = cache.get(line);
  if (!index) {
    index = new TextIndex(line);
    cache.set(line, index);
  }
  return index;
}

/** How strongly a line speaks to the job: the weights of the job's keywords it names. */
function relevance(line: string, terms: readonly JobTerm[], cache: LineIndexes): number {
  const index = lineIndex(line, cache);
  let sum = 0;
  for (const term of terms) {
    if ((term.entry && index.hasEntry(term.entry)) || index.hasStems(term.stems.split(' ')))
      sum += term.keyword.weight;
  }
  return sum;
}

const EXPLAIN = {
  en: {
    summary: (keywords: string[]) =>
      `Opens with what the job asks for and your resume already shows: ${keywords.join(', ')}.`,
    reorder: (keywords: string[]) =>
      `Puts first the bullets that mention the job's keywords (${keywords.join(', ')}).`,
    respell: (swaps: string[]) =>
      `Uses the job description's own wording (${swaps.join('; ')}): many applicant tracking systems match literal terms.`,
    order: (names: string[]) => `Lists first the skills the job asks for: ${names.join(', ')}.`,
    name: (from: string, to: string) =>
      `The job writes "${to}"; your skill "${from}" is the same thing, spelt the way the ATS will search for it.`,
    title: (title: string) =>
      `Matches the job's title, "${title}", which you already hold in your experience.`,
    injected: 'Leaves out a line written to an AI rather than to a reader: recruiters would see it too.',
  },
  pt: {
    summary: (keywords: string[]) =>
      `Abre com o que a vaga pede e seu currículo já comprova: ${keywords.join(', ')}.`,
    reorder: (keywords: string[]) =>
      `Coloca primeiro os tópicos que citam palavras-chave da vaga (${keywords.join(', ')}).`,
    respell: (swaps: string[]) =>
      `Usa os termos da própria vaga (${swaps.join('; ')}): muitos sistemas de recrutamento (ATS) buscam o termo literal.`,
    order: (names: string[]) => `Lista primeiro as habilidades que a vaga pede: ${names.join(', ')}.`,
    name: (from: string, to: string) =>
      `A vaga escreve "${to}"; sua habilidade "${from}" é a mesma, escrita como o ATS vai procurar.`,
    title: (title: string) => `Alinha ao cargo da vaga, "${title}", que você já ocupou.`,
    injected: 'Remove uma linha escrita para uma IA, não para quem lê: recrutadores também a veriam.',
  },
} as const;

function tailorDrafts(input: TailorInput): TailoringDraft[] {
  const { resume, analysis } = input;
  const lang = langOf(input.language);
  const explain = EXPLAIN[lang];
  const score = scoreResume(resume, analysis);
  const terms = jobTerms(analysis, score);
  const sameLanguage = langOf(analysis.language) === lang;
  const drafts: TailoringDraft[] = [];
  const indexes: LineIndexes = new Map();

  // Job title: only a title the resume holds as a position.
  if (analysis.title && resume.personalInfo) {
    const wanted = tokenize(analysis.title)
      .map((t) => t.stem)
      .join(' ');
    const held = resume.experience.find(
      (e) =>
        tokenize(e.position)
          .map((t) => t.stem)
          .join(' ') === wanted,
    );
    const current = resume.personalInfo.jobTitle;
    if (held && normalise(current.trim()) !== normalise(analysis.title.trim())) {
      drafts.push({
        section: 'personalInfo',
        field: 'jobTitle',
        original: current,
        suggested: analysis.title.trim(),
        explanation: explain.title(analysis.title.trim()),
      });
    }
  }

  // Summary: the matched skills first, then the strongest bullet for the job.
  const matchedSkills = score.matched
    .filter((k) => k.kind === 'hardSkill' || k.kind === 'softSkill')
    .map((k) =>
      k.coverage === 'exact' ||
      (sameLanguage && swappable(resumeSpelling(resume, k.keyword) ?? '', k.keyword))
        ? k.keyword
        : resumeSpelling(resume, k.keyword),
    )
    .filter((k): k is string => Boolean(k))
    .filter((k, i, all) => all.indexOf(k) === i);
  const role = roleOf(resume);
  if (matchedSkills.length > 0 && (role || resume.experience.length > 0)) {
    const t = T[lang];
    const bullets = byRecency(resume.experience)
      .flatMap((e) => highlights(e).map((line) => ({ e, line, score: relevance(line, terms, indexes) })))
      .filter((b) => b.score > 0)
      .sort((a, b) => b.score - a.score);
    const best = bullets[0];
    const lines = [
      role ? t.skilledRole(role, matchedSkills.slice(0, 3)) : t.skilled(matchedSkills.slice(0, 3)),
      best ? t.at(clean(best.e.company), respell(best.line, terms, sameLanguage).text) : '',
      bullets[1] && bullets[1].e !== best?.e
        ? t.at(clean(bullets[1].e.company), respell(bullets[1].line, terms, sameLanguage).text)
        : '',
      matchedSkills.length > 3 ? t.skilled(matchedSkills.slice(3, 8)) : '',
    ];
    const suggested = fitLines(lines, SUMMARY_SUGGESTION_MAX_CHARS, lang);
    if (suggested !== resume.personalInfo.summary)
      drafts.push({
        section: 'personalInfo',
        field: 'summary',
        original: resume.personalInfo.summary,
        suggested,
        explanation: explain.summary(matchedSkills.slice(0, 5)),
      });
  }

  // Descriptions: bullets naming the job's keywords first, synonyms in the job's words.
  const rewriteDescriptions = (
    section: 'experience' | 'projects',
    items: readonly (ExperienceItem | ProjectItem)[],
  ) => {
    for (const item of items) {
      const lines = descriptionLines(item.description);
      if (lines.length === 0) continue;
      // A line addressed to an AI is left out rather than carried into the tailored resume.
      const injected = lines.some(looksLikeInstruction);
      const ranked = lines
        .map((line, i) => ({ line, i, score: relevance(line, terms, indexes) }))
        .filter(({ line }) => !looksLikeInstruction(line))
        .sort((a, b) => b.score - a.score || a.i - b.i);
      const swaps: string[] = [];
      const rewritten = ranked.map(({ line }) => {
        const result = respell(line, terms, sameLanguage);
        swaps.push(...result.swaps);
        return result.text;
      });
      const suggested = rewritten.join('\n');
      if (suggested === lines.join('\n')) continue;
      const moved = ranked.some((r, i) => i > 0 && r.i < (ranked[i - 1] as { i: number }).i);
      const keywords = terms
        .filter((t) => ranked.some((r) => r.score > 0 && relevance(r.line, [t], indexes) > 0))
        .map((t) => t.keyword.keyword)
        .slice(0, 4);
      const explanation = [
        moved ? explain.reorder(keywords) : '',
        swaps.length ? explain.respell(swaps) : '',
        injected ? explain.injected : '',
      ]
        .filter(Boolean)
        .join(' ');
      drafts.push({
        section,
        itemId: item.id,
        field: 'description',
        original: item.description,
        suggested,
        explanation,
      });
    }
  };
  rewriteDescriptions('experience', resume.experience);
  rewriteDescriptions('projects', resume.projects);

  // Skills: the job's spelling of a skill the resume has, and the matched ones first.
  if (sameLanguage) {
    for (const skill of resume.skills) {
      const form = formNamed(skill.name);
      const term = form && terms.find((t) => t.entry === form.entry);
      if (
        form &&
        term?.synonymOnly &&
        term.stems !== form.stems.join(' ') &&
        normalise(skill.name) !== normalise(term.keyword.keyword)
      ) {
        drafts.push({
          section: 'skills',
          itemId: skill.id,
          field: 'name',
          original: skill.name,
          suggested: upperFirst(term.keyword.keyword),
          explanation: explain.name(skill.name, upperFirst(term.keyword.keyword)),
        });
      }
    }
  }
  const rankedSkills = resume.skills
    .map((skill, i) => ({ skill, i, score: relevance(`${skill.name}\n${skill.keywords}`, terms, indexes) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const order = rankedSkills.map((r) => r.skill.name).join('\n');
  if (order !== skillOrderText(resume)) {
    drafts.push({
      section: 'skills',
      field: 'order',
      original: skillOrderText(resume),
      suggested: order,
      explanation: explain.order(
        rankedSkills
          .filter((r) => r.score > 0)
          .map((r) => r.skill.name)
          .slice(0, 6),
      ),
    });
  }
  return drafts;
}

/** The resume's own wording of a job keyword (when the job is in another language). */
function resumeSpelling(resume: ResumeContent, keyword: string): string | undefined {
  const form = formNamed(keyword);
  if (!form) return undefined;
  const text = resumeFactText(resume);
  const tokens = tokenize(text);
  // The resume's own form of the skill as written ("sistemas de design"), not an inflection ("monitored").
  const written = findTerms(tokens)
    .filter((h) => h.form.entry === form.entry)
    .map((h) => text.slice((tokens[h.from] as Token).start, (tokens[h.to - 1] as Token).end));
  return written.find((w) => form.entry.forms.some((f) => normalise(f.text) === normalise(w)));
}

// ---------------------------------------------------------------------------------------------------------
// The assistant

type Intent =
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

const PT_HINTS =
  /\b(voce|meu|minha|como|qual|quais|curriculo|melhorar|posso|devo|resumo|habilidades|obrigad[oa]|ola)\b/;
const EN_HINTS = /\b(my|how|what|which|should|can|improve|resume|the|is|are|please|hello|hi)\b/;

function answerLanguage(message: string, fallback: Lang): Lang {
  const text = normalise(message);
  const pt = PT_HINTS.test(text);
  const en = EN_HINTS.test(text);
  return pt && !en ? 'pt' : en && !pt ? 'en' : fallback;
}

const quote = (text: string) => {
  const t = text
    .replace(/<[^>]*>/g, '')
    .trim()
    .replace(/[.;]+$/, '');
  return `"${t.length > 110 ? `${t.slice(0, 107)}…` : t}"`;
};

function chatAnswer(input: ChatInput): string {
  const lang = answerLanguage(input.message, langOf(input.language));
  const { resume } = input;
  // A short follow-up ("and?", "e mais?") keeps the subject of the user's previous question.
  const previous = input.history.filter((m) => m.role === 'user').at(-1);
  const asked = detectIntent(input.message);
  const intent =
    (asked === 'general' || asked === 'unsupported') &&
    previous &&
    input.message.trim().split(/\s+/).length <= 4
      ? detectIntent(previous.content)
      : asked;
  const en = lang === 'en';
  const out: string[] = [];
  const role = roleOf(resume);
  const summary = resume.personalInfo?.summary ?? '';
  const skills = skillNames(resume);
  const jobs = byRecency(resume.experience);
  const allText = resumeFactText(resume);
  const words = allText.split(/\s+/).filter(Boolean).length;
  const bullets = jobs.flatMap((e) => cleanLines(e.description).map((line) => ({ e, line })));
  const withoutNumbers = bullets.filter((b) => !hasNumber(b.line));
  const suspicious =
    resumeText(resume).split('\n').some(looksLikeInstruction) || looksLikeInstruction(input.message);

  const summaryAdvice = () => {
    const lines = descriptionLines(summary).length || (summary.trim() ? 1 : 0);
    if (!summary.trim()) {
      out.push(
        en
          ? `Your resume has no summary yet. Write 3 to 5 lines (at most 700 characters) that open with your title${role ? ` ("${role}")` : ''}, name your strongest skills${skills.length ? ` (${skills.slice(0, 3).join(', ')})` : ''} and one result you are proud of.`
          : `Seu currículo ainda não tem resumo. Escreva de 3 a 5 linhas (até 700 caracteres) começando pelo seu cargo${role ? ` ("${role}")` : ''}, citando suas principais habilidades${skills.length ? ` (${skills.slice(0, 3).join(', ')})` : ''} e um resultado de que você se orgulha.`,
      );
      return;
    }
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
  };

  const skillsAdvice = () => {
    if (skills.length === 0) {
      out.push(
        en
          ? 'Your resume lists no skills. Add 6 to 12 that you can back up with your experience; ATSs look for them by name.'
          : 'Seu currículo não lista habilidades. Inclua de 6 a 12 que sua experiência comprove; os ATS procuram por elas pelo nome.',
      );
      return;
    }
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
  };

  const experienceAdvice = () => {
    if (jobs.length === 0) {
      out.push(
        en
          ? 'Your resume has no work experience yet. Add internships, projects or volunteering, each with 2 to 5 bullets that start with an action verb.'
          : 'Seu currículo ainda não tem experiência profissional. Inclua estágios, projetos ou trabalho voluntário, cada um com 2 a 5 tópicos começando por um verbo de ação.',
      );
      return;
    }
    for (const job of jobs.slice(0, 3)) {
      const lines = cleanLines(job.description);
      const label = `${clean(job.position)}${clean(job.company) ? (en ? ` at ${clean(job.company)}` : ` em ${clean(job.company)}`) : ''}`;
      if (lines.length === 0)
        out.push(
          en
            ? `${label} has no description: add 3 to 5 bullets with what you did and what changed because of it.`
            : `${label} não tem descrição: inclua de 3 a 5 tópicos com o que você fez e o que mudou por causa disso.`,
        );
      else
        out.push(
          en
            ? `${label}: ${lines.length} bullet${lines.length === 1 ? '' : 's'}, ${lines.filter(hasNumber).length} with a number.`
            : `${label}: ${lines.length} tópico${lines.length === 1 ? '' : 's'}, ${lines.filter(hasNumber).length} com número.`,
        );
    }
    const weak = bullets.find(
      (b) =>
        WEAK_STARTS[lang].some(([p]) => p.test(b.line)) ||
        /^(responsible|worked|helped|fui|trabalhei|ajudei)/i.test(b.line),
    );
    if (weak)
      out.push(
        en
          ? `Start with a strong verb: ${quote(weak.line)} could become ${quote(tidy(weak.line, lang))}.`
          : `Comece com um verbo forte: ${quote(weak.line)} pode virar ${quote(tidy(weak.line, lang))}.`,
      );
    const noNumber = withoutNumbers[0];
    if (noNumber)
      out.push(
        en
          ? `Where you can, add a measurable result, e.g. to ${quote(noNumber.line)}: how many, how much, how fast?`
          : `Quando possível, acrescente um resultado mensurável, por exemplo em ${quote(noNumber.line)}: quantos, quanto, em quanto tempo?`,
      );
  };

  const lengthAdvice = () => {
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
  };

  const atsAdvice = () => {
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
  };

  const keywordAdvice = () => {
    out.push(
      en
        ? 'Paste the job description into resume tailoring: it scores your resume against the job and lists the keywords you cover and the ones you miss.'
        : 'Cole a descrição da vaga na adaptação de currículo: ela pontua seu currículo para a vaga e lista as palavras-chave que você cobre e as que faltam.',
    );
    const terms = new TextIndex(allText).terms.map((h) => h.form.entry.name);
    const unique = terms.filter((t, i) => terms.indexOf(t) === i).slice(0, 10);
    if (unique.length > 0)
      out.push(
        en
          ? `Keywords your resume already carries: ${unique.join(', ')}. Use the job's exact wording for them where it differs.`
          : `Palavras-chave que seu currículo já traz: ${unique.join(', ')}. Use a grafia exata da vaga quando ela for diferente.`,
      );
    out.push(
      en
        ? 'Only add a keyword you can back up: a missing skill is better learnt than claimed.'
        : 'Só inclua uma palavra-chave que você consiga comprovar: uma habilidade que falta é melhor aprendida do que declarada.',
    );
  };

  const formattingAdvice = () => {
    out.push(
      en
        ? `You are using the "${clean(resume.template) || '?'}" template. Keep one font, consistent date formats and bullets of one or two lines.`
        : `Você está usando o modelo "${clean(resume.template) || '?'}". Mantenha uma fonte, datas no mesmo formato e tópicos de uma ou duas linhas.`,
    );
    if (resume.settings?.showPhoto && resume.personalInfo?.photo)
      out.push(
        en
          ? 'Your resume shows a photo: in the US and UK, leave it out; in Brazil it is common but optional.'
          : 'Seu currículo mostra foto: no Brasil é comum, mas opcional; para vagas nos EUA e no Reino Unido, retire.',
      );
    const order = resume.sectionOrder.filter((s) => !resume.hiddenSections.includes(s)).slice(0, 4);
    out.push(
      en
        ? `Your sections start with ${order.join(', ')}: put experience first unless you are a student or changing careers.`
        : `Suas seções começam por ${order.join(', ')}: coloque a experiência primeiro, a menos que você seja estudante ou esteja mudando de carreira.`,
    );
  };

  const general = () => {
    out.push(
      en
        ? `Here is a quick read of your resume${role ? ` as a ${role}` : ''}: ${jobs.length} position${jobs.length === 1 ? '' : 's'}, ${skills.length} skill${skills.length === 1 ? '' : 's'}, ${summary.trim() ? 'a summary' : 'no summary yet'}.`
        : `Uma leitura rápida do seu currículo${role ? ` de ${role}` : ''}: ${jobs.length} experiência${jobs.length === 1 ? '' : 's'}, ${skills.length} habilidade${skills.length === 1 ? '' : 's'}, ${summary.trim() ? 'com resumo' : 'ainda sem resumo'}.`,
    );
    if (!summary.trim()) summaryAdvice();
    if (withoutNumbers.length > 0 && bullets.length > 0)
      out.push(
        en
          ? `${withoutNumbers.length} of your ${bullets.length} bullets have no number; results with numbers stand out.`
          : `${withoutNumbers.length} de ${bullets.length} tópicos não têm números; resultados com números se destacam.`,
      );
    out.push(
      en
        ? 'Ask me about your summary, skills, experience bullets, length, keywords, ATS or formatting for specific advice.'
        : 'Pergunte sobre resumo, habilidades, tópicos de experiência, tamanho, palavras-chave, ATS ou formatação para conselhos específicos.',
    );
  };

  const leadAdvice = () => {
    const ranked = rankAchievements(resume, 3);
    if (ranked.length === 0) {
      const recent = bullets.slice(0, 2).map((b) => quote(b.line));
      out.push(
        en
          ? `None of your bullets has a number yet, so none stands out as a result a recruiter can weigh.${recent.length > 0 ? ` Start from your most recent role (${listJoin(recent, 'en')}) and add how many, how much or how fast.` : ' Add your experience first, with what changed because of your work.'}`
          : `Nenhum dos seus tópicos tem número ainda, então nenhum se destaca como resultado que quem recruta possa medir.${recent.length > 0 ? ` Comece pela experiência mais recente (${listJoin(recent, 'pt')}) e acrescente quantos, quanto ou em quanto tempo.` : ' Inclua primeiro suas experiências, com o que mudou por causa do seu trabalho.'}`,
      );
      return;
    }
    const list = ranked
      .map((a, i) => `${i + 1}. "${a.line.replace(/<[^>]*>/g, '')}" (${a.where})`)
      .join('\n');
    out.push(
      en
        ? `Lead with these results, the most measurable first:\n${list}\nThey state money, rates or before-and-after figures a recruiter can weigh at a glance, and recent ones count most. Put each first in its job, and bring the top one into your summary.`
        : `Comece por estes resultados, os mais mensuráveis primeiro:\n${list}\nEles trazem valores, taxas ou números de antes e depois que quem recruta avalia de relance, e os mais recentes pesam mais. Coloque cada um em primeiro lugar na sua experiência e leve o principal para o resumo.`,
    );
  };

  const rewriteAdvice = () => {
    const { item, term } = readRewriteRequest(input.message, resume);
    const items = [...jobs, ...resume.projects];
    if (!item) {
      const names = items
        .map((i) => clean('company' in i ? i.company : i.name))
        .filter(Boolean)
        .slice(0, 5);
      out.push(
        en
          ? `Which job should I reword? Name it as your resume does${names.length > 0 ? `: ${listJoin(names, 'en')}` : ''}, for example "Rewrite my ${names[0] ?? 'Acme'} bullets to mention …".`
          : `Qual experiência devo reescrever? Cite-a como está no currículo${names.length > 0 ? `: ${listJoin(names, 'pt')}` : ''}, por exemplo "Reescreva meus tópicos da ${names[0] ?? 'Acme'} para mencionar …".`,
      );
      return;
    }
    const name =
      clean('company' in item ? item.company : item.name) || clean('position' in item ? item.position : '');
    const lines = cleanLines(item.description);
    if (lines.length === 0) {
      out.push(
        en
          ? `Your ${name} entry has no bullets yet, so there is nothing to reword: write what you did there and what changed because of it, then ask again.`
          : `A experiência ${name} ainda não tem tópicos, então não há o que reescrever: escreva o que você fez lá e o que mudou por causa disso, e pergunte de novo.`,
      );
      return;
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
      out.push(
        en
          ? `Your ${name} bullets with the strongest results first and plain verbs, nothing added:\n${proposal}`
          : `Seus tópicos de ${name} com os resultados mais fortes primeiro e verbos diretos, sem nada acrescentado:\n${proposal}`,
      );
      return;
    }
    if (names(item.description)) {
      out.push(
        unchanged || !grounded
          ? en
            ? `Your ${name} bullets already put ${wanted} and their strongest results first: I would not change them without adding facts.`
            : `Seus tópicos de ${name} já trazem ${wanted} e os resultados mais fortes primeiro: eu não os mudaria sem acrescentar fatos.`
          : en
            ? `Your ${name} bullets reworded to put ${wanted} first, with nothing added:\n${proposal}\nEvery fact in them is one your resume already states.`
            : `Seus tópicos de ${name} reescritos com ${wanted} em primeiro lugar, sem nada acrescentado:\n${proposal}\nTodos os fatos já estão no seu currículo.`,
      );
      return;
    }
    const elsewhere = names(allText);
    const refusal = en
      ? `Your ${name} bullets do not mention ${wanted}, so I will not write it in: that would claim something your resume does not say about that job.${elsewhere ? ` ${upperFirst(wanted)} is elsewhere in your resume; if you used it at ${name}, add a bullet of your own saying how (what you did with it, and what came of it).` : ` It appears nowhere in your resume; add it only if it is true, with where you used it.`}`
      : `Seus tópicos de ${name} não mencionam ${wanted}, então não vou incluir: seria afirmar algo que seu currículo não diz sobre essa experiência.${elsewhere ? ` ${upperFirst(wanted)} aparece em outra parte do currículo; se você usou em ${name}, acrescente um tópico seu dizendo como (o que você fez com isso e o que resultou).` : ` Não aparece em nenhuma parte do currículo; inclua apenas se for verdade, dizendo onde usou.`}`;
    out.push(
      unchanged || !grounded
        ? `${refusal} ${en ? 'The bullets themselves already open with their strongest results and plain verbs.' : 'Os tópicos em si já começam pelos resultados mais fortes e com verbos diretos.'}`
        : `${refusal} ${en ? 'Meanwhile, the same bullets with the strongest results first:' : 'Enquanto isso, os mesmos tópicos com os resultados mais fortes primeiro:'}\n${proposal}`,
    );
  };

  const unsupported = () => {
    out.push(
      en
        ? 'The basic offline assistant cannot answer that: it has no language model, only rules that read your resume. It can rank the achievements to lead with, reword a job’s bullets (name the employer, and what to mention), and review your summary, skills, experience, length, keywords, ATS readiness or formatting.'
        : 'O assistente básico offline não consegue responder a isso: ele não tem um modelo de linguagem, só regras que leem seu currículo. Ele pode ordenar as conquistas para destacar primeiro, reescrever os tópicos de uma experiência (cite a empresa e o que mencionar) e revisar resumo, habilidades, experiência, tamanho, palavras-chave, ATS ou formatação.',
    );
  };

  const handlers: Record<Intent, () => void> = {
    rewrite: rewriteAdvice,
    lead: leadAdvice,
    unsupported,
    summary: summaryAdvice,
    skills: skillsAdvice,
    experience: experienceAdvice,
    length: lengthAdvice,
    ats: atsAdvice,
    keywords: keywordAdvice,
    formatting: formattingAdvice,
    general,
  };
  handlers[intent]();
  if (suspicious)
    out.push(
      en
        ? 'Note: part of this text reads like instructions to an AI. I only give advice about the resume, and recruiters will see that text too: remove it from your resume.'
        : 'Observação: parte deste texto parece conter instruções para uma IA. Eu só dou conselhos sobre o currículo, e quem recruta também verá esse texto: remova-o do currículo.',
    );
  return out.join(' ');
}

/** The answer in pieces of a few words, the way a model streams it. */
function pieces(text: string): string[] {
  const parts = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 4) chunks.push(parts.slice(i, i + 4).join(''));
  return chunks;
}

function checkAborted(options?: CallOptions) {
  if (options?.signal?.aborted) throw new AiError('AI_TIMEOUT', 'The call was aborted.');
}

export const localEngine: AiProvider = {
  name: 'local',

  async suggest(input: SuggestInput, options?: CallOptions): Promise<string[]> {
    checkAborted(options);
    const lang = langOf(input.language);
    if (input.target === 'summary') {
      const pool = summaryPool(input.resume, lang);
      if (pool.length === 0)
        throw new AiError('AI_BAD_ANSWER', 'The resume holds too little to write a summary from.');
      return pick(pool, input);
    }
    const item = input.resume.experience.find((e) => e.id === input.itemId);
    if (!item) throw new AiError('AI_BAD_ANSWER', 'No such experience item.');
    const pool = experienceSuggestions(item, lang);
    if (pool.length === 0) throw new AiError('AI_BAD_ANSWER', 'The experience has no description to rework.');
    return pick(pool, input);
  },

  async tailor(input: TailorInput, options?: CallOptions): Promise<TailoringDraft[]> {
    checkAborted(options);
    return tailorDrafts(input);
  },

  async chat(input: ChatInput, onText, options?: CallOptions): Promise<string> {
    checkAborted(options);
    const answer = chatAnswer(input);
    for (const piece of pieces(answer)) {
      checkAborted(options);
      await onText(piece);
    }
    return answer;
  },

  // Choosing among a document's values needs a language model; without one the parser's reading stands.
  async refineImport(_input: RefineImportInput, options?: CallOptions): Promise<ImportPick[]> {
    checkAborted(options);
    return [];
  },
};
