import {
  assistantAskSchema,
  hasTextToImprove,
  hasTextToSummarize,
  matchScoreRequestSchema,
  SUMMARY_SUGGESTION_MAX_CHARS,
  suggestionKey,
  suggestionRequestSchema,
  tailoringApplySchema,
  tailoringRequestSchema,
  tailoringResultSchema,
} from '#shared/ai';
import { matchScore } from '#shared/match-score';
import { hasPaidAccess, resumeLimit } from '#shared/plans';
import { applyTailoringChanges, TailoringOutdatedError } from '#shared/tailoring';
import { sendMessage } from '../adapters/sqs.ts';
import { ask, clearConversation, getConversation } from '../domain/ai/assistant.ts';
import { groundSuggestions } from '../domain/ai/grounding.ts';
import { getAiProvider } from '../domain/ai/index.ts';
import { aiLimit, giveBackAiUse, takeAiUse } from '../domain/ai/metering.ts';
import { AiError } from '../domain/ai/provider.ts';
import { checkRateLimit } from '../domain/ai/rate-limit.ts';
import { type TailoringMessage, tailoringIssues } from '../domain/ai/tailoring-job.ts';
import { checkDailyTokens, metered } from '../domain/ai/token-meter.ts';
import { createJob, failJob, getJob } from '../domain/jobs.ts';
import { getSubscription } from '../domain/profiles.ts';
import { contentOf, createResumeFromContent, getResume } from '../domain/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import type { Caller } from '../lib/auth.ts';
import { json, noContent, pathParam } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';
import { queueUrl } from '../lib/queues.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

const paidAccess = async (caller: Caller) => hasPaidAccess(await getSubscription(caller.sub), caller.role);

/** A provider failure as the API reports it: its own stable code, never a 500. */
function asAppError(error: unknown): unknown {
  if (error instanceof AiError) return new AppError(error.code, error.message, { cause: error });
  return error;
}

/**
 * The AI routes. The match score is plain code (not metered); suggestions and tailoring take one AI use
 * before the provider runs and give it back when the call fails (and when a repeat has nothing new to show); the assistant is for paid access and
 * streams its answer over the user's WebSocket connections while the request is open.
 */
export const handler = apiHandler(
  byRouteKey({
    'POST /api/match-score': async ({ caller, json: body }) => {
      const request = parseBody(matchScoreRequestSchema, body ?? {});
      await checkRateLimit(caller.sub, 'matchScore');
      const resume = await getResume(caller.sub, request.resumeId);
      return json(200, { data: matchScore(contentOf(resume), request.jobDescription) });
    },

    'GET /api/ai/usage': async ({ caller, profile }) => {
      const limit = aiLimit(await paidAccess(caller));
      return json(200, { data: { used: profile.aiUsageCount ?? 0, limit } });
    },

    'POST /api/ai/suggestions': async ({ caller, json: body }) => {
      const request = parseBody(suggestionRequestSchema, body ?? {});
      await checkRateLimit(caller.sub, 'ai');
      const content = contentOf(await getResume(caller.sub, request.resumeId));
      if (request.target === 'experience') {
        const item = content.experience.find((e) => e.id === request.itemId);
        if (!item) {
          throw new AppError('VALIDATION_FAILED', 'No such experience item.', {
            issues: [{ path: 'itemId', message: 'not an experience item of this resume' }],
          });
        }
        // The user's to write first: no provider call and no AI use for an empty description.
        if (!hasTextToImprove(item)) {
          throw new AppError('NOTHING_TO_IMPROVE', 'The experience has no description to improve.');
        }
      } else if (!hasTextToSummarize(content)) {
        throw new AppError(
          'NOTHING_TO_SUMMARIZE',
          'The resume holds nothing a summary could be written from.',
        );
      }
      await checkDailyTokens(caller.sub);
      const usage = await takeAiUse(caller.sub, await paidAccess(caller));
      const meter = metered(caller.sub);
      const seen = request.seen ?? [];
      try {
        const provider = await getAiProvider();
        const answer = await provider
          .suggest(
            {
              resume: content,
              target: request.target,
              ...(request.itemId ? { itemId: request.itemId } : {}),
              language: content.settings.language,
              ...(request.seed === undefined ? {} : { seed: request.seed }),
              avoid: seen,
            },
            meter.options,
          )
          .finally(meter.recorded);
        const fitting =
          request.target === 'summary'
            ? answer.filter((s) => s.trim().length <= SUMMARY_SUGGESTION_MAX_CHARS)
            : answer;
        const { kept, dropped } = groundSuggestions(content, fitting.map((s) => s.trim()).filter(Boolean));
        if (dropped.length > 0) {
          logger.info('suggestions dropped by the grounding filter', { dropped: dropped.length });
        }
        // A repeat shows only what the panel has not shown yet.
        const shown = new Set(seen.map(suggestionKey));
        const fresh = kept.filter((s) => !shown.has(suggestionKey(s)));
        if (fresh.length === 0 && shown.size > 0) {
          // Nothing new to say: the use is given back, and the answer says so.
          await giveBackAiUse(caller.sub);
          const before = { ...usage, used: Math.max(0, usage.used - 1) };
          return json(200, { data: { suggestions: [], nothingNew: true, usage: before } });
        }
        if (fresh.length === 0) throw new AiError('AI_BAD_ANSWER', 'No grounded suggestion was left.');
        return json(200, { data: { suggestions: fresh.slice(0, 5), nothingNew: false, usage } });
      } catch (error) {
        await giveBackAiUse(caller.sub);
        throw asAppError(error);
      }
    },

    'POST /api/tailoring': async ({ caller, json: body }) => {
      const request = parseBody(tailoringRequestSchema, body ?? {});
      await checkRateLimit(caller.sub, 'ai');
      const resume = await getResume(caller.sub, request.resumeId);
      const issues = tailoringIssues(contentOf(resume));
      if (issues.length > 0) {
        throw new AppError('RESUME_INCOMPLETE', 'The resume lacks parts tailoring needs.', { issues });
      }
      await checkDailyTokens(caller.sub);
      await takeAiUse(caller.sub, await paidAccess(caller));
      let job: Awaited<ReturnType<typeof createJob>> | undefined;
      try {
        job = await createJob(caller.sub, 'tailoring');
        const message: TailoringMessage = {
          jobId: job.id,
          sub: caller.sub,
          resumeId: resume.id,
          jobDescription: request.jobDescription,
          metered: true,
        };
        await sendMessage(queueUrl('tailoring'), JSON.stringify(message));
      } catch (error) {
        await giveBackAiUse(caller.sub);
        if (job) {
          const failed = job.id;
          await failJob(caller.sub, failed, 'TAILORING_FAILED').catch((e: unknown) =>
            logger.error('could not fail an unsent job', { jobId: failed, error: e as Error }),
          );
        }
        throw error;
      }
      return json(202, { data: { jobId: job.id } });
    },

    'POST /api/tailoring/{jobId}/apply': async (event) => {
      const { caller } = event;
      const request = parseBody(tailoringApplySchema, event.json ?? {});
      const job = await getJob(caller.sub, pathParam(event, 'jobId'));
      if (job.type !== 'tailoring') throw new AppError('JOB_NOT_FOUND', 'Job not found.');
      if (job.status !== 'succeeded') {
        throw new AppError('TAILORING_NOT_READY', `The tailoring job is ${job.status}.`);
      }
      const result = tailoringResultSchema.parse(job.result);
      const known = new Set(result.changes.map((c) => c.id));
      const unknown = request.accepted.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'Unknown change ids.', {
          issues: unknown.map((id) => ({ path: 'accepted', message: `no change ${id}` })),
        });
      }
      const source = contentOf(await getResume(caller.sub, result.resumeId));
      let tailored: ReturnType<typeof applyTailoringChanges>;
      try {
        tailored = applyTailoringChanges(source, result.changes, request.accepted);
      } catch (error) {
        if (error instanceof TailoringOutdatedError) {
          throw new AppError('TAILORING_OUTDATED', 'The resume changed since it was tailored.', {
            cause: error,
          });
        }
        throw error;
      }
      const paid = await paidAccess(caller);
      const created = await createResumeFromContent(
        caller.sub,
        { ...tailored, title: request.title },
        { limit: resumeLimit(paid), paidAccess: async () => paid },
      );
      return json(201, { data: created });
    },

    'GET /api/assistant/{resumeId}': async (event) => {
      const { caller } = event;
      if (!(await paidAccess(caller))) throw new AppError('PRO_REQUIRED', 'The assistant needs paid access.');
      const resume = await getResume(caller.sub, pathParam(event, 'resumeId'));
      const messages = await getConversation(caller.sub, resume.id);
      // The page says when the basic offline engine answers rather than Claude.
      return json(200, { data: { messages, engine: (await getAiProvider()).name } });
    },

    'POST /api/assistant/{resumeId}/messages': async (event) => {
      const { caller } = event;
      const request = parseBody(assistantAskSchema, event.json ?? {});
      if (!(await paidAccess(caller))) throw new AppError('PRO_REQUIRED', 'The assistant needs paid access.');
      await checkRateLimit(caller.sub, 'ai');
      await checkDailyTokens(caller.sub);
      const resume = await getResume(caller.sub, pathParam(event, 'resumeId'));
      const content = contentOf(resume);
      try {
        const message = await ask({
          sub: caller.sub,
          resumeId: resume.id,
          requestId: request.requestId,
          message: request.message,
          resume: content,
          language: content.settings.language,
          provider: await getAiProvider(),
        });
        return json(200, { data: { message } });
      } catch (error) {
        throw asAppError(error);
      }
    },

    'DELETE /api/assistant/{resumeId}': async (event) => {
      const { caller } = event;
      const resume = await getResume(caller.sub, pathParam(event, 'resumeId'));
      await clearConversation(caller.sub, resume.id);
      return noContent();
    },
  }),
  { auth: 'user' },
);
