import { changePasswordSchema, deleteMeSchema, socialProviders, updateMeSchema } from '#shared/account';
import { permissionsOf } from '#shared/permissions';
import { FREE_AI_SUGGESTION_LIMIT, hasPaidAccess, resumeLimit } from '#shared/plans';
import { updateCognitoAttributes } from '../adapters/cognito.ts';
import { changePassword, deleteAccount, disconnectProvider, socialConnections } from '../domain/account.ts';
import { getSubscription, type Profile, updateProfile } from '../domain/profiles.ts';
import { AppError } from '../lib/app-error.ts';
import { bearerToken, type Caller } from '../lib/auth.ts';
import { header, json, noContent, pathParam } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** The account as the SPA reads it: user, profile, subscription, usage against the plan, role, permissions. */
async function account(caller: Caller, profile: Profile) {
  const subscription = await getSubscription(caller.sub);
  const paid = hasPaidAccess(subscription, caller.role);
  return {
    user: { id: caller.sub, email: profile.email, firstName: profile.firstName, lastName: profile.lastName },
    profile,
    subscription,
    usage: {
      resumes: { used: profile.resumeCount, limit: resumeLimit(paid) },
      aiSuggestions: { used: profile.aiUsageCount, limit: paid ? null : FREE_AI_SUGGESTION_LIMIT },
    },
    role: caller.role,
    permissions: permissionsOf(caller.role),
  };
}

export const handler = apiHandler(
  byRouteKey({
    'GET /api/me': async ({ caller, profile }) => json(200, { data: await account(caller, profile) }),

    'PATCH /api/me': async ({ caller, json: body }) => {
      const change = parseBody(updateMeSchema, body ?? {});
      const profile = await updateProfile(caller.sub, change);
      const attributes: Record<string, string> = {};
      if (change.firstName !== undefined) attributes.given_name = change.firstName;
      if (change.lastName !== undefined) attributes.family_name = change.lastName;
      if (change.locale !== undefined) attributes.locale = change.locale;
      // Cognito keeps names and locale too: e-mails and tokens are built from them.
      if (Object.keys(attributes).length > 0) await updateCognitoAttributes(caller.username, attributes);
      return json(200, { data: await account(caller, profile) });
    },

    'POST /api/me/password': async (event) => {
      const input = parseBody(changePasswordSchema, event.json ?? {});
      // Cognito's ChangePassword takes the user's own access token: the one this request was verified with.
      await changePassword(event.caller, event.profile, bearerToken(header(event, 'authorization')), input);
      return noContent();
    },

    'DELETE /api/me': async ({ caller, profile, json: body }) => {
      const { password } = parseBody(deleteMeSchema, body ?? {});
      await deleteAccount(caller, profile, password);
      return noContent();
    },

    'GET /api/me/social-connections': async ({ caller }) =>
      json(200, { data: await socialConnections(caller.username) }),

    'DELETE /api/me/social-connections/{provider}': async (event) => {
      const provider = pathParam(event, 'provider');
      if (!(socialProviders as readonly string[]).includes(provider)) {
        throw new AppError('NOT_FOUND', 'Unknown provider.');
      }
      await disconnectProvider(event.caller.username, provider as (typeof socialProviders)[number]);
      return noContent();
    },
  }),
  { auth: 'user' },
);
