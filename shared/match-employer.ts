import {
  findTerms,
  formNamed,
  isRoleNoun,
  normalise,
  stopwords,
  type Token,
  tokenize,
} from './match-text.ts';

/**
 * What a job ad says that is no requirement: the hiring company's own name ("Riverbend Logistics is
 * building…"), the names of its products ("our Storage Platform", "Riverbend Track", "Dropbox's Magic
 * Pocket") and its marketing words ("next-generation", "cutting-edge", "inovador"). The match score leaves
 * them out of the keywords, so a resume is never told it lacks them. Names are read from where ads put
 * them (the first line after the title, "At X,", "Join X", "X is a…", "About X", "Company: X"); a name that
 * is also a skill of the vocabulary ("AWS", "Go") stays a skill. Pure code, English and Portuguese.
 */

/** Marketing words and phrases of job ads, normalised (hyphens read as spaces). */
const MARKETING = `
next generation|next gen|world class|world leading|cutting edge|leading edge|bleeding edge|state of the art
best in class|best of breed|industry leading|market leading|game changing|game changer|groundbreaking
ground breaking|revolutionary|revolutionize|revolutionise|innovative|innovation|disruptive|disrupting
visionary|fast paced|high growth|hypergrowth|hyper growth|rocketship|rockstar|rock star|ninja|guru|unicorn
award winning|mission driven|amazing|awesome|exciting|incredible|seamless|seamlessly|premier|iconic
proxima geracao|nova geracao|de ponta|inovador|inovadora|inovadores|inovadoras|inovacao|disruptivo
disruptiva|revolucionario|revolucionaria|classe mundial|lider de mercado|referencia no mercado|dinamico
dinamica|incrivel|incriveis|desafiador|desafiadora|alto crescimento|crescimento acelerado`
  .split(/[|\n]/)
  .map((phrase) => phrase.trim())
  .filter(Boolean)
  .map((phrase) => phrase.split(' '));

// A name: one to four words that start with a capital or a digit ("Riverbend Logistics", "3M", "Nu Pagamentos").
const WORD = String.raw`[\p{Lu}\d][\p{L}\p{N}&+-]*(?:[.'’][\p{L}\p{N}]+)*`;
const NAME = String.raw`${WORD}(?:\s+(?:&\s+)?${WORD}){0,3}`;

const EMPLOYER_CUES = [
  // "At Riverbend Logistics, …" / "At Dropbox we …" / "Na Nubank, …"
  new RegExp(
    String.raw`(?:^|[.!?]\s+)(?:At|Na|No)\s+(${NAME})(?=\s*,|\s+(?:we|our|you|nós|nos|você|voce)\b)`,
    'gu',
  ),
  // "About Dropbox" / "Why Dropbox?" / "Life at Dropbox" / "Sobre a Nubank" / "Por que a Nubank?" (a heading)
  new RegExp(
    String.raw`^\s*(?:About|Why|Life at|Working at|Sobre\s+(?:a|o)|Por que\s+(?:a|o))\s+(${NAME})\s*[?:]?\s*$`,
    'gmu',
  ),
  // "Join Dropbox", "join the Dropbox team", "Junte-se à Nubank", "Venha para a Nubank", "Faça parte da Nubank"
  new RegExp(
    String.raw`\b(?:[Jj]oin(?:ing)?(?:\s+the)?|Junte-se\s+(?:à|ao|a)|[Vv]enha\s+para\s+(?:a|o)|[Ff]aça\s+parte\s+d[ao])\s+(${NAME})`,
    'gu',
  ),
  // "Riverbend Logistics is building…", "Dropbox is hiring", "A Nubank é uma empresa…"
  new RegExp(
    String.raw`(?:^|[.!?]\s+)(?:(?:A|O)\s+)?(${NAME})\s+(?:is\s+(?:building|hiring|looking|growing|on\s+a\s+mission|one\s+of|the\s+(?:leading|largest|world)|an?\s+(?:leading|global|fast|growing|company|startup|platform|fintech|team))|é\s+(?:uma|um|a|o)\s+(?:empresa|fintech|startup|plataforma|líder|lider|maior|banco))\b`,
    'gmu',
  ),
  // "Company: Dropbox", "Empresa: Nubank"
  new RegExp(String.raw`\b(?:Company|Employer|Empresa)\s*:\s*(${NAME})`, 'giu'),
];

const PRODUCT_CUES = [
  // "our Storage Platform", "our next-generation Storage Platform", "nossa Plataforma Pix"
  new RegExp(String.raw`\b(?:[Oo]ur|[Nn]oss[oa]s?)\s+(?:\p{Ll}[\p{L}-]*\s+)?(${NAME})`, 'gu'),
  // "the Storage Platform" (two capitalised words or more, inside a sentence)
  new RegExp(String.raw`(?<=\p{Ll}[\p{L},]*\s+)the\s+(${WORD}(?:\s+${WORD}){1,3})`, 'gu'),
];

const SEPARATOR = /\s+[-–—|@·]\s+|\s+(?:at|na|no|em)\s+(?=\p{Lu})|\s*[,(]\s*/u;
const NOT_A_NAME =
  /^(?:remote|remoto|remota|hybrid|h[ií]brido|on-?site|presencial|full[\s-]?time|part[\s-]?time|contract|pj|clt|us|usa|brazil|brasil)$/i;

/**
 * A name found, unless it is a skill of the vocabulary, function words, a work arrangement or a role ("the
 * Senior Engineer"); a product's name holds no skill either ("the Node.js SDK" asks for Node.js).
 */
function acceptable(name: string, kind: 'employer' | 'product'): boolean {
  const text = name.replace(/[.,;:'’]+$/, '').trim();
  if (text === '' || NOT_A_NAME.test(text) || formNamed(text)) return false;
  const tokens = tokenize(text);
  if (tokens.length === 0 || tokens.every((t) => stopwords.has(t.norm))) return false;
  if (tokens.some((t) => isRoleNoun(t.norm))) return false;
  return kind === 'employer' || findTerms(tokens).length === 0;
}

const norms = (name: string) => tokenize(name).map((t) => t.norm);

export interface NotRequirements {
  /** The hiring company's names, as normalised words ("riverbend logistics", and "riverbend" alone). */
  employer: string[][];
  /** Its products' names, normalised. */
  products: string[][];
}

/** The employer's and its products' names a job ad gives (`title`: the job title it names, if any). */
export function employerNames(text: string, title: string | null): NotRequirements {
  const employer: string[][] = [];
  const products: string[][] = [];
  const add = (list: string[][], name: string) => {
    const cleaned = name.replace(/[.,;:'’]+$/, '').trim();
    if (!acceptable(cleaned, list === employer ? 'employer' : 'product')) return;
    const words = norms(cleaned);
    if (!list.some((known) => known.join(' ') === words.join(' '))) list.push(words);
  };
  // The first line after the title: "Senior Backend Engineer – Riverbend Logistics (remote)".
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (title && first.includes(title)) {
    const rest = first.slice(first.indexOf(title) + title.length);
    for (const part of rest.split(SEPARATOR)) {
      const name = new RegExp(String.raw`^\s*(${NAME})`, 'u').exec(part.replace(/[()]/g, ' '))?.[1];
      if (name) {
        add(employer, name);
        break;
      }
    }
  }
  for (const cue of EMPLOYER_CUES) for (const match of text.matchAll(cue)) add(employer, match[1] as string);
  // The employer's first word alone ("Riverbend" for "Riverbend Logistics"), when it is distinctive.
  for (const words of [...employer]) {
    const head = words[0] as string;
    if (words.length > 1 && head.length >= 4 && !stopwords.has(head) && !formNamed(head))
      if (!employer.some((known) => known.join(' ') === head)) employer.push([head]);
  }
  for (const cue of PRODUCT_CUES) for (const match of text.matchAll(cue)) add(products, match[1] as string);
  // A capitalised run that starts with the employer's name: "Riverbend Track", "Dropbox Paper".
  const heads = new Set(employer.map((words) => words[0] as string));
  for (const match of text.matchAll(new RegExp(NAME, 'gu'))) {
    const words = norms(match[0]);
    if (
      words.length > 1 &&
      heads.has(words[0] as string) &&
      !employer.some((e) => e.join(' ') === words.join(' '))
    )
      add(products, match[0]);
  }
  // "Dropbox's Magic Pocket"
  for (const words of employer) {
    const name = words.join(String.raw`\s+`);
    for (const match of normalisedMatches(text, new RegExp(String.raw`${name}['’]s\s+(${NAME})`, 'giu')))
      add(products, match);
  }
  return { employer, products: products.filter((p) => !employer.some((e) => e.join(' ') === p.join(' '))) };
}

/** Matches of a pattern written in normalised words, read back from the original text (its capitals). */
function normalisedMatches(text: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const plain = normalise(text);
  for (const match of plain.matchAll(pattern)) {
    const start = (match.index ?? 0) + match[0].length - (match[1] as string).length;
    const original = text.slice(start, start + (match[1] as string).length);
    // Only a name written with capitals in the ad is a product's.
    const name = new RegExp(`^${NAME}`, 'u').exec(original)?.[0];
    if (name) found.push(name);
  }
  return found;
}

/** Where each phrase occurs in the tokens: the indexes it covers. */
function cover(tokens: readonly Token[], phrases: readonly string[][], into: Set<number>): void {
  for (const phrase of phrases) {
    if (phrase.length === 0) continue;
    for (let i = 0; i + phrase.length <= tokens.length; i++) {
      if (phrase.every((word, k) => tokens[i + k]?.norm === word))
        for (let k = 0; k < phrase.length; k++) into.add(i + k);
    }
  }
}

/**
 * A line's tokens that are no requirement: `names` (the employer's and its products' names, where a skill
 * they contain is not asked for either: "Logistics" of "Riverbend Logistics") and `all` (those and the
 * marketing words, which start no keyword).
 */
export function notRequirementTokens(
  tokens: readonly Token[],
  found: NotRequirements,
): { names: Set<number>; all: Set<number> } {
  const names = new Set<number>();
  cover(tokens, found.employer, names);
  cover(tokens, found.products, names);
  const all = new Set(names);
  cover(tokens, MARKETING, all);
  return { names, all };
}
