import { defaultNotificationPreferences, type Profile, type UpdateMe } from '#shared/account';
import type { SubscriptionState } from '#shared/plans';
import { readSubscriptionAttributes } from '../adapters/table/billing.ts';
import {
  deleteProfileItem,
  deleteUserItemsExceptProfile,
  insertProfile,
  readProfile,
  updateProfileFields,
  writeProfileStatus,
} from '../adapters/table/profiles.ts';

export type { Profile };

export interface NewProfileInput {
  sub: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  locale?: string | undefined;
  /** The `email_verified` attribute at confirmation. */
  emailVerified?: boolean | undefined;
}

/** Build a Profile for a newly confirmed user; its id is the user's sub. */
export function makeProfile(input: NewProfileInput, now = new Date().toISOString()): Profile {
  return {
    id: input.sub,
    userId: input.sub,
    email: input.email,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    locale: input.locale === 'pt-BR' ? 'pt-BR' : 'en',
    resumeCount: 0,
    aiUsageCount: 0,
    status: 'active',
    emailVerified: input.emailVerified === true,
    staffRole: null,
    notificationPreferences: { ...defaultNotificationPreferences },
    createdAt: now,
    updatedAt: now,
  };
}

/** Create the user's Profile once; a second call (a retried trigger) leaves the first one in place. */
export async function createProfile(input: NewProfileInput): Promise<{ created: boolean }> {
  const profile = makeProfile(input);
  return { created: await insertProfile(input.sub, input.email, { ...profile }) };
}

/** Read a user's Profile, or null when there is none (a deleted or never-confirmed user). */
export async function getProfile(sub: string): Promise<Profile | null> {
  const stored = await readProfile(sub);
  return stored ? withDefaults(stored as unknown as Profile) : null;
}

/** Profiles written before a field existed read with its default. */
function withDefaults(profile: Profile): Profile {
  return {
    ...profile,
    notificationPreferences: { ...defaultNotificationPreferences, ...profile.notificationPreferences },
  };
}

/** Apply a validated account change to the Profile and return the new Profile. */
export async function updateProfile(sub: string, change: UpdateMe): Promise<Profile> {
  const stored = await updateProfileFields(sub, change, new Date().toISOString());
  return withDefaults(stored as unknown as Profile);
}

/**
 * Delete every item a user owns (resumes, jobs, connections...) except the Profile, which goes last, on
 * its own: while it exists the account still answers, so a deletion that fails part-way can be retried.
 */
export async function deleteUserItems(sub: string): Promise<number> {
  return deleteUserItemsExceptProfile(sub);
}

/** Read a user's Subscription, or null when the user never subscribed. */
export async function getSubscription(
  sub: string,
): Promise<(SubscriptionState & Record<string, unknown>) | null> {
  const stored = await readSubscriptionAttributes(sub);
  return stored ? (stored as unknown as SubscriptionState & Record<string, unknown>) : null;
}

/** Set the Profile's status (account deletion marks it 'deleting' first, and back on a partial failure). */
export async function setProfileStatus(sub: string, status: Profile['status']): Promise<void> {
  await writeProfileStatus(sub, status, new Date().toISOString());
}

/** Delete the Profile: the last step of deleting an account. */
export async function deleteProfile(sub: string): Promise<void> {
  await deleteProfileItem(sub);
}
