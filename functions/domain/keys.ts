import {
  AiDay,
  AssistantHistory,
  Connection,
  ConnectionRef,
  Job,
  Profile,
  RateWindow,
  Resume,
  Subscription,
  WsTicket,
} from '../adapters/table/entities.ts';

export { stripKeys } from '../adapters/table/strip-keys.ts';

/**
 * The old key helpers, kept only for the modules that still build keys outside functions/adapters/table/
 * (issue 23): every key comes from the entities of functions/adapters/table/entities.ts, whose table is in
 * README.md. Delete this file when nothing imports it.
 */

/** The literal start of a template, before its first field: `USER#{sub}` → `USER#`. */
const literal = (template: string) => template.slice(0, template.indexOf('{'));

export const keys = {
  /** A user's partition; with '' the literal start of every user's partition. */
  user: (sub: string) => `${literal(Profile.pk)}${sub}`,
  profile: (sub: string) => Profile.key({ sub }),
  aiDay: (sub: string, day: string) => AiDay.key({ sub, day }),
  /** The Profile's place in gsi1 (the lower-case e-mail); with '' its partition alone. */
  profileIndex: (email: string) => ({
    gsi1pk: Profile.gsi1?.pk ?? '',
    gsi1sk: email.trim().toLowerCase(),
  }),
  subscription: (sub: string) => Subscription.key({ sub }),
  resume: (sub: string, id: string) => Resume.key({ sub, id }),
  resumePrefix: Resume.skPrefix,
  job: (sub: string, jobId: string) => Job.key({ sub, jobId }),
  connection: (sub: string, connectionId: string) => Connection.key({ sub, connectionId }),
  connectionPrefix: Connection.skPrefix,
  connectionRef: (connectionId: string) => ConnectionRef.key({ connectionId }),
  wsTicket: (ticket: string) => WsTicket.key({ ticket }),
  assistant: (sub: string, resumeId: string) => AssistantHistory.key({ sub, resumeId }),
  rateWindow: (sub: string, bucket: string, window: number) => RateWindow.key({ sub, bucket, window }),
} as const;
