import { z } from 'zod';
import {
  JOB_DESCRIPTION_MAX_CHARS,
  type TailoringChange,
  type TailoringResult,
  tailoringResultSchema,
} from '#shared/ai';
import { analyzeJobDescription, scoreResume } from '#shared/match-score';
import type { ResumeContent } from '#shared/resume';
import { applyTailoringChanges, tailoringProblems } from '#shared/tailoring';
import { AppError } from '../../lib/app-error.ts';
import { JobError, jobMessageSchema } from '../../lib/job-message.ts';
import { logger } from '../../lib/logger.ts';
import { startStep } from '../jobs.ts';
import { contentOf, getResume } from '../resumes.ts';
import { groundChanges } from './grounding.ts';
import { getAiProvider } from './index.ts';
import { giveBackAiUse } from './metering.ts';
import { AiError } from './provider.ts';
import { metered } from './token-meter.ts';

/** What the tailoring queue carries: the job, its owner, the resume and the job description. */
export const tailoringMessageSchema = jobMessageSchema.extend({
  resumeId: z.string().min(1).max(64),
  jobDescription: z.string().min(1).max(JOB_DESCRIPTION_MAX_CHARS),
  /** An AI use was taken for this job: a failure gives it back. */
  metered: z.boolean(),
});
export type TailoringMessage = z.infer<typeof tailoringMessageSchema>;

/** The missing parts of a resume that cannot be tailored, as RESUME_INCOMPLETE's issues. */
export function tailoringIssues(resume: ResumeContent) {
  return tailoringProblems(resume).map((path) => ({ path, message: 'missing' }));
}

/**
 * The tailoring job: the job description analysed, the resume scored, changes proposed by the provider and
 * grounded (a change adding a fact the resume lacks is dropped), and the score with every change accepted.
 */
export async function runTailoring(
  message: TailoringMessage,
  context: { lastReceive: boolean },
): Promise<TailoringResult> {
  try {
    return await tailor(message);
  } catch (error) {
    const permanent = error instanceof JobError && error.permanent;
    // The job ends now (permanent, or the queue's last try): the user gets the use back.
    if (message.metered && (permanent || context.lastReceive)) await giveBackAiUse(message.sub);
    throw error;
  }
}

async function tailor(message: TailoringMessage): Promise<TailoringResult> {
  const { sub, jobId } = message;
  await startStep(sub, jobId, 'parsing job description');
  const analysis = analyzeJobDescription(message.jobDescription);

  await startStep(sub, jobId, 'analyzing resume');
  let resume: Awaited<ReturnType<typeof getResume>>;
  try {
    resume = await getResume(sub, message.resumeId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESUME_NOT_FOUND') {
      throw new JobError('RESUME_NOT_FOUND', 'The resume was deleted.', { cause: error, permanent: true });
    }
    throw error;
  }
  const content = contentOf(resume);
  if (tailoringProblems(content).length > 0) {
    throw new JobError('RESUME_INCOMPLETE', 'The resume lacks required parts.', { permanent: true });
  }
  const before = scoreResume(content, analysis);

  await startStep(sub, jobId, 'generating suggestions');
  const provider = await getAiProvider();
  let drafts: Awaited<ReturnType<typeof provider.tailor>>;
  try {
    const meter = metered(sub);
    drafts = await provider
      .tailor(
        {
          resume: content,
          jobDescription: message.jobDescription,
          analysis,
          language: content.settings.language,
        },
        meter.options,
      )
      .finally(meter.recorded);
  } catch (error) {
    if (error instanceof AiError) {
      // A malformed answer is worth another try; an unreachable provider is retried by the queue too.
      throw new JobError(error.code, error.message, { cause: error });
    }
    throw error;
  }
  const { kept, dropped } = groundChanges(content, analysis, drafts);
  if (dropped.length > 0) {
    logger.info('tailoring changes dropped by the grounding filter', {
      jobId,
      provider: provider.name,
      dropped: dropped.length,
      kept: kept.length,
    });
  }
  const changes: TailoringChange[] = kept.map((draft, i) => ({ id: `c${i + 1}`, ...draft }));

  await startStep(sub, jobId, 'finalizing');
  const tailored = applyTailoringChanges(
    content,
    changes,
    changes.map((c) => c.id),
  );
  const after = scoreResume(tailored, analysis);
  return tailoringResultSchema.parse({
    resumeId: resume.id,
    revision: resume.revision,
    jobDescription: message.jobDescription,
    changes,
    score: {
      before: before.score,
      after: after.score,
      matched: after.matched,
      missing: after.missing,
      ignoredSentences: analysis.ignoredSentences ?? 0,
    },
    dropped: dropped.length,
  });
}
