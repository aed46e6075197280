import { z } from 'zod';

/**
 * The SPA's runtime configuration, served as `/config.json`: written by the stack at deploy time and by
 * the local cloud at start, so one front-end build serves every stage.
 */
export const runtimeConfigSchema = z.strictObject({
  stage: z.string().min(1),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only where Cognito is not at its AWS address (the local cloud). */
  cognitoEndpoint: z.url().optional(),
  apiUrl: z.string().min(1),
  wsUrl: z.string().min(1),
  socialSignIn: z.boolean(),
  /** Cognito hosted-UI domain for the Google and LinkedIn redirects; present only when social sign-in is on. */
  oauthDomain: z.string().min(1).optional(),
  /** Hosts that get Brazilian Portuguese (and BRL prices) by default; every other host gets en-US and USD. */
  ptBrHosts: z.array(z.string().min(1)).default([]),
  features: z.strictObject({ coverLetter: z.boolean() }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
