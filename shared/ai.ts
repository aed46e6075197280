import { z } from 'zod';
import { FREE_AI_SUGGESTION_LIMIT } from './plans.ts';

/**
 * The AI features' shapes, shared by the API and the SPA: the match score, suggestions, tailoring and the
 * resume assistant. Limits live here so the form hints and the server checks cannot disagree.
 */

/** A job description shorter than this cannot be matched meaningfully (the UI shows how many more are needed). */
export const JOB_DESCRIPTION_MIN_CHARS = 200;
export const JOB_DESCRIPTION_MAX_CHARS = 20_000;
/** The spec's advice for a summary: 3 to 5 lines, at most 700 characters. */
export const SUMMARY_SUGGESTION_MAX_CHARS = 700;
export const SUGGESTIONS_MAX = 5;
/** Suggestions already shown that a "Suggest again" sends, so the next ones differ (the newest kept). */
export const SUGGESTIONS_SEEN_MAX = 15;
export const SUGGESTION_SEED_MAX = 2 ** 31 - 1;
export const ASSISTANT_MESSAGE_MAX_CHARS = 2_000;
/** Turns of a conversation kept per resume (older ones are dropped from the stored history). */
export const ASSISTANT_HISTORY_MAX = 40;
export { FREE_AI_SUGGESTION_LIMIT };

const id = z.string().min(1).max(64);

// ---------------------------------------------------------------------------------------------------------
// Match score (deterministic code in shared/match-score.ts; not metered)

/** Jobscan-style weighting: hard skills first, then the job title, education, soft skills, other keywords. */
export const keywordKinds = ['hardSkill', 'title', 'education', 'softSkill', 'other'] as const;
export type KeywordKind = (typeof keywordKinds)[number];

export const matchKeywordSchema = z.strictObject({
  /** The job description's own wording, as shown to the user. */
  keyword: z.string(),
  kind: z.enum(keywordKinds),
  /** Named under a required heading or phrase ("must have", "requisitos"), rather than a preferred one. */
  required: z.boolean(),
  /** How the resume covers it: the same term (or a stem of it), or only a synonym or abbreviation. */
  coverage: z.enum(['exact', 'synonym', 'none']),
});
export type MatchKeyword = z.infer<typeof matchKeywordSchema>;

export const matchScoreSchema = z.strictObject({
  /** 0 to 100, an integer. */
  score: z.number().int().min(0).max(100),
  matched: z.array(matchKeywordSchema),
  missing: z.array(matchKeywordSchema),
  /** Sentences of the job description left out because they read like instructions to an AI. */
  ignoredSentences: z.number().int().min(0),
});
export type MatchScore = z.infer<typeof matchScoreSchema>;

const jobDescription = z
  .string()
  .trim()
  .min(JOB_DESCRIPTION_MIN_CHARS, 'JOB_DESCRIPTION_TOO_SHORT')
  .max(JOB_DESCRIPTION_MAX_CHARS, 'JOB_DESCRIPTION_TOO_LONG');

export const matchScoreRequestSchema = z.strictObject({ resumeId: id, jobDescription });
export type MatchScoreRequest = z.infer<typeof matchScoreRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Suggestions (metered)

export const suggestionTargets = ['summary', 'experience'] as const;
export type SuggestionTarget = (typeof suggestionTargets)[number];

export const suggestionRequestSchema = z
  .strictObject({
    resumeId: id,
    target: z.enum(suggestionTargets),
    itemId: id.optional(),
    /** Varies the choices of a repeat (the local engine's; a model varies anyway). */
    seed: z.number().int().min(0).max(SUGGESTION_SEED_MAX).optional(),
    /** What this panel already showed: none of it comes again, and when nothing else can, no use is taken. */
    seen: z.array(z.string().max(5_000)).max(SUGGESTIONS_SEEN_MAX).optional(),
  })
  .refine((r) => r.target !== 'experience' || r.itemId !== undefined, {
    message: 'itemId is required for an experience suggestion',
    path: ['itemId'],
  });
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>;

/** Whether an experience item holds text a suggestion could rework (its description, one bullet a line). */
export function hasTextToImprove(item: { description: string }): boolean {
  return item.description.trim() !== '';
}

/**
 * Whether a resume holds facts a summary could be written from: a title or a position, a skill, or a degree.
 * Without any, a summary could only be invented, so none is asked for (NOTHING_TO_SUMMARIZE).
 */
export function hasTextToSummarize(resume: {
  personalInfo: { jobTitle: string };
  experience: { position: string }[];
  skills: { name: string }[];
  education: { degree: string }[];
}): boolean {
  const filled = (text: string) => text.trim() !== '';
  return (
    filled(resume.personalInfo.jobTitle) ||
    resume.experience.some((job) => filled(job.position)) ||
    resume.skills.some((skill) => filled(skill.name)) ||
    resume.education.some((school) => filled(school.degree))
  );
}

/** A suggestion as compared with one already shown: its spacing does not make it new. */
export const suggestionKey = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

/** AI uses so far and the plan's limit (null: unlimited). */
export const aiUsageSchema = z.strictObject({
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

export const suggestionResponseSchema = z
  .strictObject({
    /** One to five alternatives, each plain text (an experience description: one bullet per line). */
    suggestions: z.array(z.string().min(1).max(5_000)).max(SUGGESTIONS_MAX),
    /**
     * True when every alternative the resume supports was in `seen`: no suggestion, and the use was not
     * taken (`usage` is as before the request).
     */
    nothingNew: z.boolean(),
    usage: aiUsageSchema,
  })
  .refine((r) => r.nothingNew === (r.suggestions.length === 0), {
    message: 'suggestions are empty exactly when nothing new was found',
    path: ['suggestions'],
  });
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Tailoring (a job on the platform; the result is reviewed, then applied to a new resume)

/** The parts of a resume a tailoring change may touch. */
export const tailoringSections = ['personalInfo', 'experience', 'projects', 'skills'] as const;
export type TailoringSection = (typeof tailoringSections)[number];

/**
 * Which field a change rewrites: personalInfo `summary` | `jobTitle`; experience and projects
 * `description` (one bullet per line) of the item `itemId`; skills `name` of the item `itemId` (the
 * job's spelling of a skill the resume already has), or `order` (no itemId: the skill names, one per
 * line, in the suggested order; applying it reorders the list and changes nothing else).
 */
export const tailoringFields = ['summary', 'jobTitle', 'description', 'name', 'order'] as const;
export type TailoringField = (typeof tailoringFields)[number];

export const tailoringChangeSchema = z.strictObject({
  id: id,
  section: z.enum(tailoringSections),
  itemId: id.optional(),
  field: z.enum(tailoringFields),
  original: z.string().max(5_000),
  suggested: z.string().max(5_000),
  explanation: z.string().max(1_000),
});
export type TailoringChange = z.infer<typeof tailoringChangeSchema>;

export const tailoringScoreSchema = z.strictObject({
  before: z.number().int().min(0).max(100),
  /** With every change accepted. */
  after: z.number().int().min(0).max(100),
  matched: z.array(matchKeywordSchema),
  missing: z.array(matchKeywordSchema),
  /** Sentences of the job description ignored as instructions to an AI (absent in results made before). */
  ignoredSentences: z.number().int().min(0).optional(),
});

/** The tailoring job's result. */
export const tailoringResultSchema = z.strictObject({
  resumeId: id,
  /** The resume's revision the changes were made against. */
  revision: z.number().int(),
  jobDescription: z.string(),
  changes: z.array(tailoringChangeSchema),
  score: tailoringScoreSchema,
  /** Changes the grounding filter dropped because they added a fact the resume does not hold. */
  dropped: z.number().int().min(0),
});
export type TailoringResult = z.infer<typeof tailoringResultSchema>;

export const tailoringRequestSchema = z.strictObject({ resumeId: id, jobDescription });
export type TailoringRequest = z.infer<typeof tailoringRequestSchema>;

export const tailoringApplySchema = z.strictObject({
  accepted: z.array(id).min(1, 'TAILORING_NO_CHANGES').max(500),
  title: z.string().trim().min(1, 'INVALID_RESUME_NAME').max(200, 'INVALID_RESUME_NAME'),
});
export type TailoringApply = z.infer<typeof tailoringApplySchema>;

/** The parts a resume needs before it can be tailored (spec section 5); reported when they are missing. */
export const tailoringRequirements = ['personalInfo', 'firstName', 'lastName', 'content'] as const;
export type TailoringRequirement = (typeof tailoringRequirements)[number];

// ---------------------------------------------------------------------------------------------------------
// Resume assistant (paid access; answers streamed over the WebSocket)

/** Who writes the AI's answers: Claude, or the basic offline engine (rules, no model) when no key is set. */
export const aiEngines = ['claude', 'local'] as const;
export type AiEngine = (typeof aiEngines)[number];

export const assistantRoles = ['user', 'assistant'] as const;
export const assistantMessageSchema = z.strictObject({
  role: z.enum(assistantRoles),
  content: z.string().max(20_000),
  createdAt: z.iso.datetime(),
  /** Which engine wrote an answer (absent on questions and on answers stored before it was kept). */
  engine: z.enum(aiEngines).optional(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

/** GET /assistant/{resumeId}: the conversation, and the engine that answers now. */
export const assistantConversationSchema = z.strictObject({
  messages: z.array(assistantMessageSchema),
  engine: z.enum(aiEngines),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

export const assistantAskSchema = z.strictObject({
  message: z.string().trim().min(1).max(ASSISTANT_MESSAGE_MAX_CHARS),
  /** Chosen by the browser; every streamed frame of this answer carries it. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type AssistantAsk = z.infer<typeof assistantAskSchema>;

/** Pushed over the WebSocket while an answer is written: deltas in order (`seq`), then done or error. */
export const assistantEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('assistant.delta'),
    resumeId: id,
    requestId: z.string(),
    seq: z.number().int().min(0),
    text: z.string(),
  }),
  z.strictObject({
    type: z.literal('assistant.done'),
    resumeId: id,
    requestId: z.string(),
  }),
  z.strictObject({
    type: z.literal('assistant.error'),
    resumeId: id,
    requestId: z.string(),
    code: z.string(),
  }),
]);
export type AssistantEvent = z.infer<typeof assistantEventSchema>;

// ---------------------------------------------------------------------------------------------------------
// Job analysis (shared/match-score.ts makes it; the AI providers read it)

export interface AnalyzedKeyword {
  /** The job description's own wording. */
  keyword: string;
  kind: KeywordKind;
  required: boolean;
  /** Its share of the score before normalisation (hard skills weigh most). */
  weight: number;
}

export interface JobAnalysis {
  /** The job description's language, detected from its words. */
  language: 'en' | 'pt-BR';
  /** The job title the description names, when it names one. */
  title: string | null;
  keywords: AnalyzedKeyword[];
  /** Sentences left out because they read like instructions to an AI (absent: none). */
  ignoredSentences?: number;
}
