import { FREE_AI_SUGGESTION_LIMIT, hasPaidAccess, resumeLimit } from '#shared/plans';
import { getSubscription } from '../domain/profiles.ts';
import { apiHandler, json } from '../lib/http.ts';

/** The signed-in account: user, profile, subscription, usage against the plan, and staff role. */
export const handler = apiHandler(
  async (event) => {
    const { caller, profile } = event;
    const subscription = await getSubscription(caller.sub);
    const paid = hasPaidAccess(subscription, caller.role);
    return json(200, {
      data: {
        user: {
          id: caller.sub,
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
        },
        profile,
        subscription,
        usage: {
          resumes: { used: profile.resumeCount, limit: resumeLimit(paid) },
          aiSuggestions: { used: profile.aiUsageCount, limit: paid ? null : FREE_AI_SUGGESTION_LIMIT },
        },
        role: caller.role,
      },
    });
  },
  { auth: 'user' },
);
