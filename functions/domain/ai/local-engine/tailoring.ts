import { type MatchScore, SUMMARY_SUGGESTION_MAX_CHARS } from '#shared/ai';
import { scoreResume } from '#shared/match-score';
import { formNamed, looksLikeInstruction, normalise, tokenize } from '#shared/match-text';
import { descriptionLines, type ExperienceItem, type ProjectItem, type ResumeContent } from '#shared/resume';
import { skillOrderText } from '#shared/tailoring';
import type { TailorInput, TailoringDraft } from '../provider.ts';
import { type JobTerm, jobTerms, type LineIndexes, relevance } from './job-terms.ts';
import { respell, resumeSpelling, swappable } from './respelling.ts';
import { byRecency, highlights, roleOf } from './resume-facts.ts';
import { fitLines, SUMMARY_PHRASES } from './summary-lines.ts';
import { TAILORING_EXPLANATIONS } from './tailoring-explanations.ts';
import { clean, type Lang, langOf, upperFirst } from './text.ts';

/** What every tailoring step reads: the resume, the job's terms and the language to explain in. */
interface Tailoring {
  input: TailorInput;
  resume: ResumeContent;
  lang: Lang;
  explain: (typeof TAILORING_EXPLANATIONS)[Lang];
  score: MatchScore;
  terms: JobTerm[];
  /** The job and the resume are in one language: only then are words swapped for the job's. */
  sameLanguage: boolean;
  indexes: LineIndexes;
}

/** The changes that bring the resume's own facts to the front for the job, in the order a reader meets them. */
export function tailorDrafts(input: TailorInput): TailoringDraft[] {
  const { resume, analysis } = input;
  const lang = langOf(input.language);
  const score = scoreResume(resume, analysis);
  const tailoring: Tailoring = {
    input,
    resume,
    lang,
    explain: TAILORING_EXPLANATIONS[lang],
    score,
    terms: jobTerms(analysis, score),
    sameLanguage: langOf(analysis.language) === lang,
    indexes: new Map(),
  };
  return [
    ...titleDraft(tailoring),
    ...summaryDraft(tailoring),
    ...descriptionDrafts(tailoring, 'experience', resume.experience),
    ...descriptionDrafts(tailoring, 'projects', resume.projects),
    ...skillDrafts(tailoring),
  ];
}

/** Job title: only a title the resume holds as a position. */
function titleDraft({ input, resume, explain }: Tailoring): TailoringDraft[] {
  const { analysis } = input;
  if (!analysis.title || !resume.personalInfo) return [];
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
  if (!held || normalise(current.trim()) === normalise(analysis.title.trim())) return [];
  return [
    {
      section: 'personalInfo',
      field: 'jobTitle',
      original: current,
      suggested: analysis.title.trim(),
      explanation: explain.title(analysis.title.trim()),
    },
  ];
}

/** Summary: the matched skills first, then the strongest bullet for the job. */
function summaryDraft({
  resume,
  lang,
  explain,
  score,
  terms,
  sameLanguage,
  indexes,
}: Tailoring): TailoringDraft[] {
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
  if (matchedSkills.length === 0 || (!role && resume.experience.length === 0)) return [];
  const t = SUMMARY_PHRASES[lang];
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
  if (suggested === resume.personalInfo.summary) return [];
  return [
    {
      section: 'personalInfo',
      field: 'summary',
      original: resume.personalInfo.summary,
      suggested,
      explanation: explain.summary(matchedSkills.slice(0, 5)),
    },
  ];
}

/** Descriptions: bullets naming the job's keywords first, synonyms in the job's words. */
function descriptionDrafts(
  { explain, terms, sameLanguage, indexes }: Tailoring,
  section: 'experience' | 'projects',
  items: readonly (ExperienceItem | ProjectItem)[],
): TailoringDraft[] {
  const drafts: TailoringDraft[] = [];
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
  return drafts;
}

/** Skills: the job's spelling of a skill the resume has, and the matched ones first. */
function skillDrafts({ resume, explain, terms, sameLanguage, indexes }: Tailoring): TailoringDraft[] {
  const drafts: TailoringDraft[] = [];
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
