import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { recordMetric } from '../domain/analytics/metrics.ts';
import { createProfile } from '../domain/profiles.ts';
import { logger } from '../lib/logger.ts';

/** Create the Profile when a user confirms sign-up; password-reset confirmations are ignored. */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const sub = attributes.sub;
  if (!sub) throw new Error('post-confirmation event without sub');
  const { created } = await createProfile({
    sub,
    email: attributes.email ?? '',
    firstName: attributes.given_name,
    lastName: attributes.family_name,
    locale: attributes.locale,
    emailVerified: attributes.email_verified === 'true',
  });
  logger.info('profile on confirmation', { sub, created });
  if (created) await recordMetric('signUps');
  return event;
};
