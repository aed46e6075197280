import { looksLikeInstruction, resumeFactText, resumeText } from '#shared/match-text';
import type { ExperienceItem, ResumeContent } from '#shared/resume';
import type { ChatInput } from '../../provider.ts';
import { byRecency, roleOf, skillNames } from '../resume-facts.ts';
import { cleanLines, hasNumber, type Lang, langOf } from '../text.ts';
import { answerLanguage, type Intent, intentOf } from './intent.ts';

/** A bullet of the resume's experience with the job it belongs to. */
export interface Bullet {
  e: ExperienceItem;
  line: string;
}

/** What every intent handler reads: the question, its language and the resume's facts, read once. */
export interface ChatContext {
  input: ChatInput;
  resume: ResumeContent;
  intent: Intent;
  lang: Lang;
  en: boolean;
  role: string;
  summary: string;
  skills: string[];
  /** Experience, most recent first. */
  jobs: ExperienceItem[];
  /** The resume's facts as text. */
  allText: string;
  words: number;
  bullets: Bullet[];
  withoutNumbers: Bullet[];
  /** The resume or the message holds text that reads like instructions to an AI. */
  suspicious: boolean;
}

/** A chat message and its resume read once for the handlers. */
export function readChat(input: ChatInput): ChatContext {
  const lang = answerLanguage(input.message, langOf(input.language));
  const { resume } = input;
  const jobs = byRecency(resume.experience);
  const allText = resumeFactText(resume);
  const bullets = jobs.flatMap((e) => cleanLines(e.description).map((line) => ({ e, line })));
  return {
    input,
    resume,
    intent: intentOf(input),
    lang,
    en: lang === 'en',
    role: roleOf(resume),
    summary: resume.personalInfo?.summary ?? '',
    skills: skillNames(resume),
    jobs,
    allText,
    words: allText.split(/\s+/).filter(Boolean).length,
    bullets,
    withoutNumbers: bullets.filter((b) => !hasNumber(b.line)),
    suspicious:
      resumeText(resume).split('\n').some(looksLikeInstruction) || looksLikeInstruction(input.message),
  };
}

/** The answer to one intent, as sentences joined with spaces. */
export type IntentHandler = (chat: ChatContext) => string[];
