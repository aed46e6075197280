import type { AnalyzedKeyword, JobAnalysis, KeywordKind, MatchKeyword, MatchScore } from './ai.ts';
import { employerNames, notRequirementTokens } from './match-employer.ts';
import {
  degreeText,
  findTerms,
  formNamed,
  isRoleNoun,
  normalise,
  resumeFactText,
  roleSynonym,
  seniorityWords,
  stopwords,
  TextIndex,
  type Token,
  tokenize,
  withoutInstructions,
} from './match-text.ts';
import type { ResumeContent } from './resume.ts';

/**
 * The match score: plain deterministic code, in the browser and on the server alike. A job description is
 * analysed into weighted keywords (Jobscan-style: hard skills weigh most, then the job title, the education
 * level when the job asks for one, soft skills, other keywords; required ones more than preferred ones), then
 * a resume's coverage of them is weighed: the job's own term (or a stem of it) earns full credit, only a
 * synonym or abbreviation half (many ATSs match literal terms), nothing else none. The employer's own name,
 * its products and its marketing words are no keywords (match-employer.ts).
 */

const KIND_WEIGHT: Record<KeywordKind, number> = {
  hardSkill: 3,
  title: 3,
  education: 2,
  softSkill: 1.5,
  other: 1,
};
const PREFERRED_FACTOR = 0.5;
/** Each mention after the first adds this much, up to two more. */
const REPEAT_BONUS = 0.25;
const OTHER_KEYWORDS_MAX = 8;
const CREDIT = { exact: 1, synonym: 0.5, none: 0 } as const;

type Context = 'required' | 'preferred' | 'neutral' | 'ignored';

const PREFERRED_HEADING =
  /\b(nice[\s-]to[\s-]have|preferred|preferable|bonus|desirable|good to have|extra points|plus|pluses|stand out|would be great|we'd love|seria otimo|desejaveis|desejavel|diferencia(?:l|is)|pontos extras|seria legal|sera um diferencial)\b/;
const REQUIRED_HEADING =
  /\b(requirements?|required|qualifications?|must[\s-]haves?|what you(?:'ll| will)? need|what we(?:'re| are) looking for|what you bring|who you are|about you|you have|skills|requisitos|obrigatorios?|essenciais|o que (?:esperamos|buscamos|procuramos)|sobre voce|competencias|qualificacoes|conhecimentos)\b/;
const IGNORED_HEADING =
  /\b(benefits|perks|what we offer|we offer|compensation|salary|equal opportunity|about us|who we are|about the company|beneficios|oferecemos|remuneracao|sobre nos|sobre a empresa|quem somos)\b/;
const NEUTRAL_HEADING =
  /\b(responsibilities|duties|what you(?:'ll| will) do|the role|about the (?:role|job|position)|description|responsabilidades|atribuicoes|atividades|o que voce (?:vai|ira) fazer|sobre a vaga|descricao)\b/;
const PREFERRED_INLINE =
  /\b(nice to have|preferred|preferably|is a plus|a plus|bonus|desirable|ideally|desejavel|diferencial|e um plus|sera um diferencial)\b/;
const REQUIRED_INLINE = /\b(required|must|mandatory|obrigatorio|imprescindivel|essencial|necessario)\b/;

/** A short line naming a section, without a sentence's ending. */
function headingContext(line: string): Context | undefined {
  const text = normalise(line)
    .replace(/^[#*\s]+|[*:\s]+$/g, '')
    .trim();
  if (text === '' || /^[-•·◦▪]/.test(line.trim()) || text.split(/\s+/).length > 7 || /[.!?]$/.test(text))
    return undefined;
  if (PREFERRED_HEADING.test(text)) return 'preferred';
  if (IGNORED_HEADING.test(text)) return 'ignored';
  if (REQUIRED_HEADING.test(text)) return 'required';
  if (NEUTRAL_HEADING.test(text)) return 'neutral';
  // Any other heading ("Our stack", "How we work:") ends the section before it; a line naming a skill is none.
  const words = text.split(/\s+/).length;
  const headingLike =
    /:\s*$/.test(line) || (words <= 4 && /^[#*\s]*\p{Lu}/u.test(line) && !/[,;]/.test(text));
  return headingLike && findTerms(tokenize(line)).length === 0 ? 'neutral' : undefined;
}

interface Line {
  text: string;
  tokens: Token[];
  context: Context;
  /** A bare heading: read for the title, not for keywords. */
  heading: boolean;
}

function splitLines(text: string): Line[] {
  let section: Context = 'neutral';
  const lines: Line[] = [];
  // "BSN required; MSN preferred": each part of a line keeps its own marker.
  for (const raw of text.split(/\r?\n|;\s+/)) {
    const heading = headingContext(raw);
    const tokens = tokenize(raw);
    if (heading) section = heading;
    // A heading's own words are no keywords ("Requirements", "Nice to have"), unless it names a skill.
    const bare = heading !== undefined && tokens.length <= 4 && findTerms(tokens).length === 0;
    const norm = normalise(raw);
    let context = section;
    if (section !== 'ignored') {
      if (PREFERRED_INLINE.test(norm)) context = 'preferred';
      else if (REQUIRED_INLINE.test(norm)) context = 'required';
    }
    lines.push({ text: raw, tokens, context, heading: bare });
  }
  return lines;
}

const EN_WORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'with',
  'you',
  'we',
  'for',
  'our',
  'is',
  'are',
  'will',
  'in',
]);
const PT_WORDS = new Set(
  [
    'de',
    'com',
    'para',
    'em',
    'voce',
    'que',
    'os',
    'da',
    'do',
    'das',
    'dos',
    'uma',
    'um',
    'e',
    'nossa',
    'na',
    'no',
  ].map(normalise),
);

function detectLanguage(lines: readonly Line[]): 'en' | 'pt-BR' {
  let en = 0;
  let pt = 0;
  for (const line of lines)
    for (const t of line.tokens) {
      if (EN_WORDS.has(t.norm)) en++;
      if (PT_WORDS.has(t.norm)) pt++;
    }
  return pt > en ? 'pt-BR' : 'en';
}

// ---------------------------------------------------------------------------------------------------------
// Education

interface DegreeLevel {
  level: number;
  en: string;
  pt: string;
  pattern: RegExp;
}
const DEGREE_LEVELS: DegreeLevel[] = [
  { level: 4, en: 'PhD', pt: 'Doutorado', pattern: /\b(ph\.?\s?d|doctorate|doctoral|doutorado)\b/ },
  {
    level: 3,
    en: "Master's degree",
    pt: 'Mestrado',
    pattern: /\b(master'?s?(?: degree)?|m\.?sc|mba|msn|mestrado|mestre|pos[\s-]graduacao|especializacao)\b/,
  },
  {
    level: 2,
    en: "Bachelor's degree",
    pt: 'Ensino superior',
    pattern:
      /\b(bachelor'?s?|b\.?sc|b\.s\.|b\.a\.|bs\/ms|ba\/bs|bs\/ba|undergraduate|(?:university|college|academic) degree|degree in|(?<!pos[\s-])graduacao|graduado|bacharelado|bsn|bba|bacharel|licenciatura|ensino superior|superior completo|formacao superior)\b/,
  },
  {
    level: 1,
    en: 'Associate degree',
    pt: 'Tecnólogo',
    pattern: /\b(associate'?s? degree|associate degree|tecnologo|curso tecnico|ensino tecnico)\b/,
  },
];
const degreeByLevel = new Map(DEGREE_LEVELS.map((d) => [d.level, d]));

/** The highest degree level a text names (0: none). */
function degreeLevel(text: string): number {
  const norm = normalise(text);
  return DEGREE_LEVELS.find((d) => d.pattern.test(norm))?.level ?? 0;
}
/** The lowest degree level a job asks for, from a line: "Bachelor's or Master's" asks for a bachelor's. */
function lowestDegreeLevel(text: string): number {
  const norm = normalise(text);
  const levels = DEGREE_LEVELS.filter((d) => d.pattern.test(norm)).map((d) => d.level);
  return levels.length === 0 ? 0 : Math.min(...levels);
}
const educationLabel = (level: number) => {
  const d = degreeByLevel.get(level);
  return d ? [d.en, d.pt] : [];
};

// ---------------------------------------------------------------------------------------------------------
// Job title

const TITLE_LABEL = /^\s*(?:job title|title|position|role|cargo|vaga|funcao|posicao)\s*[:\-–]\s*(.+)$/;
const TITLE_PHRASE =
  /\b(?:looking for|hiring|seeking|searching for|procuramos|buscamos|contratando|contrata|em busca de)\s+(?:an?|um|uma|uma pessoa|pessoa|our next|a new|um novo|uma nova)?\s*([^.,;:!?()\n]{3,80})/;

function cleanTitle(raw: string): string | null {
  const title = raw
    .split(/\s+[-–—|]\s+|[(|,]/)[0]
    ?.replace(/^[#*\s]+|[*:\s]+$/g, '')
    .replace(/\s+(?:to|who|with|for|para|que|com|in|at|em|na|no)\s.*$/i, '')
    .trim();
  if (!title) return null;
  // "a talented Frontend Developer": when the title is capitalised, the lower-case words before it are not.
  const trimmed = /\p{Lu}/u.test(title) ? title.replace(/^(?:[\p{Ll}][\p{L}'-]*\s+)+(?=\p{Lu})/u, '') : title;
  const tokens = tokenize(trimmed);
  if (tokens.length === 0 || tokens.length > 6 || !tokens.some((t) => isRoleNoun(t.norm))) return null;
  return trimmed;
}

function detectTitle(lines: readonly Line[]): string | null {
  for (const line of lines) {
    const label = TITLE_LABEL.exec(normalise(line.text));
    if (label) {
      const start = line.text.length - (label[1] as string).length;
      const title = cleanTitle(line.text.slice(start));
      if (title) return title;
    }
  }
  const first = lines.find((l) => l.text.trim() !== '');
  if (first && first.tokens.length <= 8 && !/[.!?]\s*$/.test(first.text.trim())) {
    const title = cleanTitle(first.text);
    if (title) return title;
  }
  for (const line of lines) {
    const match = TITLE_PHRASE.exec(line.text.toLowerCase());
    if (match) {
      const start = (match.index ?? 0) + match[0].length - (match[1] as string).length;
      const title = cleanTitle(line.text.slice(start, start + (match[1] as string).length));
      if (title) return title;
    }
  }
  return null;
}

/** A title's words without seniority, each as its role group: "Senior Software Developer" → software, developer. */
function titleCore(title: string): string[] {
  return tokenize(title)
    .filter((t) => !seniorityWords.has(t.norm) && !stopwords.has(t.norm))
    .map((t) => t.stem);
}
const asRoleGroup = (stems: readonly string[]) => stems.map((s) => roleSynonym.get(s) ?? s);

// ---------------------------------------------------------------------------------------------------------
// Analysis

interface Candidate {
  keyword: string;
  kind: KeywordKind;
  required: boolean;
  count: number;
  first: number;
}

/** Whether nothing but spaces or hyphens stands between two tokens (no sentence or list break). */
const joined = (text: string, a: Token, b: Token) => /^[\s-]*$/.test(text.slice(a.end, b.start));

/** Stems of verbs and adjectives in either language ("writ", "smaller", "acompanh"): no keyword on their own. */
const VERB_LIKE =
  /^(?:\w+(?:ing|ed|est|ly)|\w{3,}(?:ar|ir)|keep|writ|mak|build|run|tak|giv|help|work|us|see|know|own|lead|learn|ship|grow|mov|set|get|find|bring|creat|driv|deliv)$/;

const PT_INFINITIVE = /^[a-z]{3,}(?:ar|er|ir)$/;

const isPlainWord = (t: Token) =>
  t.norm.length > 2 &&
  !/^\d/.test(t.norm) &&
  !stopwords.has(t.norm) &&
  !seniorityWords.has(t.norm) &&
  !/['’]/.test(t.raw);

/** Analyse a job description into its language, its title and its weighted keywords (heaviest first). */
export function analyzeJobDescription(text: string): JobAnalysis {
  // A sentence addressed to an AI reading the job description is no part of the job; the rest of its line is.
  const job = withoutInstructions(text);
  const lines = splitLines(job.text);
  const language = detectLanguage(lines);
  const title = detectTitle(lines);
  // The employer's name, its products and its marketing words are in the ad, but no requirement.
  const names = employerNames(job.text, title);
  const candidates = new Map<string, Candidate>();
  let position = 0;
  let preferredWording: ((keyword: string) => boolean) | undefined;
  const note = (key: string, keyword: string, kind: KeywordKind, context: Context, count = 1) => {
    const required = context !== 'preferred';
    const found = candidates.get(key);
    if (found) {
      found.count += count;
      found.required ||= required;
      // Show the job's wording that is the skill's own form ("colaboração"), not an inflection ("Colaborar").
      if (preferredWording?.(keyword) && !preferredWording(found.keyword)) found.keyword = keyword;
    } else candidates.set(key, { keyword, kind, required, count, first: position });
    position++;
  };

  if (title) {
    const line = lines.find((l) => l.text.includes(title));
    note('title', title, 'title', line?.context === 'preferred' ? 'preferred' : 'required');
  }

  const titleStems = new Set(title ? tokenize(title).map((t) => t.stem) : []);
  const phrases = new Map<string, { text: string; count: number; first: number; context: Context }>();
  const countPhrase = (tokens: readonly Token[], line: Line, context: Context) => {
    const key = tokens.map((t) => t.stem).join(' ');
    const found = phrases.get(key);
    if (found) {
      found.count++;
      if (found.context === 'preferred' && context !== 'preferred') found.context = context;
    } else {
      const first = tokens[0] as Token;
      const last = tokens.at(-1) as Token;
      phrases.set(key, {
        text: line.text.slice(first.start, last.end),
        count: 1,
        first: position++,
        context,
      });
    }
  };

  for (const line of lines) {
    if (line.context === 'ignored' || line.heading) continue;
    const level = lowestDegreeLevel(line.text);
    if (level > 0) {
      const [en, pt] = educationLabel(level);
      note(`education:${level}`, (language === 'en' ? en : pt) as string, 'education', line.context);
    }
    const hits = findTerms(line.tokens);
    const inTerm = new Set<number>();
    const blocked = notRequirementTokens(line.tokens, names);
    for (const hit of hits) {
      // "Product designer", "work with product managers": a person, not the skill.
      if (isRoleNoun((line.tokens[hit.to - 1] as Token).norm)) continue;
      // "Logistics" of "Riverbend Logistics": the employer's name, not a skill it asks for.
      let named = true;
      for (let i = hit.from; i < hit.to; i++) named &&= blocked.names.has(i);
      if (named) {
        for (let i = hit.from; i < hit.to; i++) inTerm.add(i);
        continue;
      }
      const first = line.tokens[hit.from] as Token;
      const last = line.tokens[hit.to - 1] as Token;
      const forms = hit.form.entry.forms;
      preferredWording = (k) => forms.some((f) => normalise(f.text) === normalise(k));
      note(
        `term:${hit.form.entry.id}`,
        line.text.slice(first.start, last.end),
        hit.form.entry.kind,
        line.context,
      );
      preferredWording = undefined;
      for (let i = hit.from; i < hit.to; i++) inTerm.add(i);
    }
    // Other keywords: runs of plain words between function words, terms and punctuation; 1 to 3 words.
    let run: Token[] = [];
    const flush = () => {
      for (let n = 1; n <= 3; n++)
        for (let i = 0; i + n <= run.length; i++) countPhrase(run.slice(i, i + n), line, line.context);
      run = [];
    };
    for (const [i, token] of line.tokens.entries()) {
      const usable =
        !inTerm.has(i) &&
        !blocked.all.has(i) &&
        isPlainWord(token) &&
        !titleStems.has(token.stem) &&
        !isRoleNoun(token.norm);
      if (!usable) {
        flush();
        continue;
      }
      const previous = run.at(-1);
      if (previous && !joined(line.text, previous, token)) flush();
      run.push(token);
    }
    flush();
  }

  // Phrases of two or three words said twice or more; single words said often for the text's length (a
  // 1,000-word description says many words three times), and no word that looks like a verb or adjective.
  const wordCount = lines.reduce((n, l) => n + l.tokens.length, 0);
  const singleWordMinimum = Math.max(3, Math.ceil(wordCount / 250));
  const others = [...phrases.entries()]
    .filter(([key, p]) =>
      key.includes(' ')
        ? p.count >= 2
        : p.count >= singleWordMinimum && !VERB_LIKE.test(key) && !PT_INFINITIVE.test(normalise(p.text)),
    )
    .sort(
      (a, b) =>
        Number(b[0].includes(' ')) - Number(a[0].includes(' ')) ||
        b[1].count - a[1].count ||
        a[1].first - b[1].first,
    );
  const chosen: [string, (typeof others)[number][1]][] = [];
  for (const [key, phrase] of others) {
    if (chosen.length >= OTHER_KEYWORDS_MAX) break;
    // A word or phrase inside a chosen phrase, or one containing it, adds nothing.
    if (chosen.some(([k]) => ` ${k} `.includes(` ${key} `) || ` ${key} `.includes(` ${k} `))) continue;
    chosen.push([key, phrase]);
  }
  for (const [key, phrase] of chosen) {
    position = phrase.first;
    note(`other:${key}`, phrase.text, 'other', phrase.context, phrase.count);
  }

  const keywords: (AnalyzedKeyword & { first: number })[] = [...candidates.values()].map((c) => ({
    keyword: c.keyword,
    kind: c.kind,
    required: c.required,
    weight: weightOf(c.kind, c.required, c.count),
    first: c.first,
  }));
  keywords.sort((a, b) => b.weight - a.weight || a.first - b.first);
  return {
    language,
    title,
    keywords: keywords.map(({ first: _first, ...k }) => k),
    ignoredSentences: job.ignored,
  };
}

function weightOf(kind: KeywordKind, required: boolean, count: number): number {
  const base = KIND_WEIGHT[kind] * (required ? 1 : PREFERRED_FACTOR);
  const repeats = kind === 'hardSkill' || kind === 'softSkill' ? Math.min(count - 1, 2) : 0;
  return Math.round(base * (1 + REPEAT_BONUS * repeats) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------------------
// Scoring

interface ResumeIndex {
  all: TextIndex;
  titles: TextIndex;
  degree: number;
}

function indexResume(resume: ResumeContent): ResumeIndex {
  const titles = [resume.personalInfo?.jobTitle ?? '', ...(resume.experience ?? []).map((e) => e.position)];
  const degree = Math.max(
    0,
    ...(resume.education ?? []).map((e) => degreeLevel(`${degreeText(e.degree)} ${e.description}`)),
  );
  return { all: new TextIndex(resumeFactText(resume)), titles: new TextIndex(titles.join('\n')), degree };
}

function titleCoverage(title: string, index: ResumeIndex): MatchKeyword['coverage'] {
  const core = titleCore(title);
  if (core.length === 0) return 'none';
  if (index.titles.hasStems(core) || index.all.hasStems(core)) return 'exact';
  const group = asRoleGroup(core);
  const tokens = index.titles.tokens;
  for (let i = 0; i + group.length <= tokens.length; i++) {
    if (group.every((g, k) => (roleSynonym.get((tokens[i + k] as Token).stem) ?? tokens[i + k]?.stem) === g))
      return 'synonym';
  }
  return 'none';
}

function coverageOf(keyword: AnalyzedKeyword, index: ResumeIndex): MatchKeyword['coverage'] {
  switch (keyword.kind) {
    case 'title':
      return titleCoverage(keyword.keyword, index);
    case 'education':
      return index.degree >= degreeLevel(keyword.keyword) ? 'exact' : 'none';
    case 'other':
      return index.all.has(keyword.keyword) ? 'exact' : 'none';
    default: {
      const form = formNamed(keyword.keyword);
      if (!form) return index.all.has(keyword.keyword) ? 'exact' : 'none';
      const used = index.all.formsOf(form.entry);
      if (used.size === 0) return 'none';
      // The job's own term, alone or inside a longer form of the skill ("Lambda" in "AWS Lambda").
      const stems = form.stems.join(' ');
      return [...used].some((f) => f.stems.join(' ') === stems) || index.all.hasStems(form.stems)
        ? 'exact'
        : 'synonym';
    }
  }
}

/** Weigh a resume's coverage of an analysed job description: 0 to 100, with the matched and missing keywords. */
export function scoreResume(resume: ResumeContent, analysis: JobAnalysis): MatchScore {
  return scoreWith(indexResume(resume), analysis);
}

function scoreWith(index: ResumeIndex, analysis: JobAnalysis): MatchScore {
  const matched: MatchKeyword[] = [];
  const missing: MatchKeyword[] = [];
  let total = 0;
  let earned = 0;
  for (const keyword of analysis.keywords) {
    const coverage = coverageOf(keyword, index);
    total += keyword.weight;
    earned += keyword.weight * CREDIT[coverage];
    const entry: MatchKeyword = {
      keyword: keyword.keyword,
      kind: keyword.kind,
      required: keyword.required,
      coverage,
    };
    (coverage === 'none' ? missing : matched).push(entry);
  }
  const score = total === 0 ? 0 : Math.round((100 * earned) / total);
  return {
    score: Math.min(100, Math.max(0, score)),
    matched,
    missing,
    ignoredSentences: analysis.ignoredSentences ?? 0,
  };
}

/** Analyse the job description and score the resume against it. */
export function matchScore(resume: ResumeContent, jobDescription: string): MatchScore {
  return scoreResume(resume, analyzeJobDescription(jobDescription));
}
