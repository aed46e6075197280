import { z } from 'zod';
import type { StaffRole } from './roles.ts';

/** The five kinds of e-mail a user can opt into (spec section 3); all off until the user opts in. */
export const notificationKinds = [
  'updatesAndOffers',
  'resumeAnalytics',
  'newsletter',
  'careerPlans',
  'jobAlerts',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export type NotificationPreferences = Record<NotificationKind, boolean>;

/**
 * The kinds the settings offer: only e-mails that something sends. Resume analytics waits for sharing, job
 * alerts for job matching; their stored values stay as they are until then.
 */
export const offeredNotificationKinds = [
  'updatesAndOffers',
  'newsletter',
  'careerPlans',
] as const satisfies readonly NotificationKind[];

export const defaultNotificationPreferences: NotificationPreferences = {
  updatesAndOffers: false,
  resumeAnalytics: false,
  newsletter: false,
  careerPlans: false,
  jobAlerts: false,
};

export const accountLocales = ['en', 'pt-BR'] as const;

/** PATCH /api/me: what a user may change about their own account. */
export const updateMeSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  locale: z.enum(accountLocales).optional(),
  notificationPreferences: z
    .strictObject({
      updatesAndOffers: z.boolean().optional(),
      resumeAnalytics: z.boolean().optional(),
      newsletter: z.boolean().optional(),
      careerPlans: z.boolean().optional(),
      jobAlerts: z.boolean().optional(),
    })
    .optional(),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

/** DELETE /api/me: the password is checked again before anything is deleted. */
export const deleteMeSchema = z.strictObject({ password: z.string().min(1).max(256) });

/**
 * POST /api/me/password: the current password and the new one. The policy (shared/password-policy.ts) is
 * judged by the server after this shape, so its refusal has a code of its own (PASSWORD_TOO_WEAK).
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1).max(256),
  newPassword: z.string().min(1).max(256),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const socialProviders = ['google', 'linkedin'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** Cognito's provider names for our two social providers. */
export const cognitoProviderNames: Record<SocialProvider, string> = {
  google: 'Google',
  linkedin: 'LinkedIn',
};

export interface SocialConnection {
  provider: SocialProvider;
  connected: boolean;
  email: string | null;
  name: string | null;
}

/** A user's Profile as the API returns it (GET /api/me). */
export interface Profile {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  resumeCount: number;
  aiUsageCount: number;
  /** 'deleting' while the account is being deleted (billing events stop writing for it). */
  status: 'active' | 'disabled' | 'deleting';
  /**
   * Whether the e-mail was verified when the account was confirmed (social sign-ups carry the provider's
   * `email_verified`). The bootstrap admin list counts only a verified e-mail.
   */
  emailVerified?: boolean;
  /**
   * The staff role the API trusts, read with the Profile on every request, so a grant or revoke takes
   * effect on the user's next request (tokens are not trusted for roles). Written by the admin API with the
   * Cognito group it mirrors.
   */
  staffRole?: StaffRole | null;
  notificationPreferences: NotificationPreferences;
  createdAt: string;
  updatedAt: string;
}
