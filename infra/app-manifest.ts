import { BillingInfo, Subscription } from '#functions/adapters/table/entities';
import type { FunctionName, QueueName, SecretName } from '#functions/contract';
import { maxReceiveCount } from '#functions/contract';

/**
 * The one manifest of the back end. The CDK stack (infra/lib) and the local cloud (infra/local) are both
 * built from it, so the two runtimes cannot drift; a stack test asserts every entry is in the template.
 */

/** Cognito API actions a function may be granted on the user pool. */
export type CognitoAction =
  | 'AdminAddUserToGroup'
  | 'AdminDeleteUser'
  | 'AdminDisableProviderForUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminGetUser'
  | 'AdminLinkProviderForUser'
  | 'AdminListGroupsForUser'
  | 'AdminRemoveUserFromGroup'
  | 'AdminResetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'ListUsers';
/** What a function needs from the stack; grants also set the matching environment variable. */
export interface FunctionAccess {
  table?: 'read' | 'readWrite';
  /** Send to WebSocket connections through the management API. */
  webSocketManage?: boolean;
  /** The Cognito calls the function makes on the user pool, and no others (least privilege). */
  userPool?: readonly CognitoAction[];
  /** Read, write and delete objects in the uploads and/or exports buckets. */
  buckets?: readonly ('uploads' | 'exports')[];
  /** Queues the function sends jobs to: SendMessage on each, and its URL in `queueUrlEnv[name]`. */
  queues?: readonly QueueName[];
  /**
   * Secrets the function reads (GetSecretValue on each, and its id in `secretIdEnv[name]`): Secrets Manager
   * deployed, the local cloud's stand-in locally. A secret left empty means the feature's local mode.
   */
  secrets?: readonly SecretName[];
  /**
   * Read the depth of every queue and its dead-letter queue (GetQueueAttributes, nothing else), with their
   * URLs in `env.queueStatsUrls` (JSON `{ [queue]: { url, dlqUrl } }`): the admin health check.
   */
  queueStats?: boolean;
  /**
   * Send product mail (functions/adapters/mail.ts): SES v2 SendEmail on the stack's sending identity only,
   * with the sender in `env.mailFrom` (and `env.mailConfigurationSet`, `env.mailRegion`). SES deployed, the
   * local cloud's stand-in (its outbox) locally.
   */
  mail?: boolean;
}

export interface FunctionDef {
  /** Source file, relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  access: FunctionAccess;
  /** Default 'arm64'; 'x86_64' for packages that ship x86_64 binaries only (@sparticuz/chromium). */
  architecture?: 'arm64' | 'x86_64';
  /**
   * Packages installed next to the bundle instead of bundled into it, for packages that find their own
   * files on disk (@sparticuz/chromium's brotli-packed browser); versions come from the lock file.
   */
  nodeModules?: readonly string[];
  /** /tmp size; Lambda's default is 512 MB (Chromium unpacks itself there). */
  ephemeralStorageMb?: number;
  /** Caps concurrent runs, e.g. so a burst of jobs cannot take the account's whole concurrency. */
  reservedConcurrency?: number;
}

export interface QueueDef {
  name: QueueName;
  /** Worker function; queues whose worker arrives in a later issue have none yet. */
  consumer?: FunctionName;
  batchSize: number;
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
  /**
   * Most concurrent runs the event source mapping starts (Lambda's ScalingConfig, at least 2): at or below
   * the consumer's reserved concurrency, so Lambda is never throttled into handing messages back to SQS,
   * each hand-back a receive towards the DLQ.
   */
  maxConcurrency?: number;
}

export interface StreamConsumerDef {
  function: FunctionName;
  batchSize: number;
  /** Only records whose new or old image has an sk starting with one of these prefixes. */
  skPrefixes: string[];
}

export type CognitoTrigger = 'preSignUp' | 'postConfirmation' | 'preTokenGeneration' | 'customMessage';

export const functions = {
  health: {
    entry: 'functions/handlers/health.ts',
    description: 'GET /api/health',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: {},
  },
  me: {
    entry: 'functions/handlers/me.ts',
    description:
      'Signed-in account: read, update, password change, notification preferences, social connections, deletion',
    memoryMb: 512,
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      // ChangePassword needs no permission: the user's own access token authorizes it.
      userPool: [
        'AdminDeleteUser',
        'AdminDisableProviderForUser',
        'AdminGetUser',
        'AdminUpdateUserAttributes',
      ],
      buckets: ['uploads', 'exports'],
      // Account deletion cancels the user's Stripe subscription first.
      secrets: ['stripe'],
      // A password change is told to the user by e-mail.
      mail: true,
    },
  },
  admin: {
    entry: 'functions/handlers/admin.ts',
    description:
      'Staff API (spec section 7): users (list, detail, update, delete, bulk delete, reset password), their resumes, profile and subscription, staff roles, health, audit log',
    memoryMb: 512,
    // Bulk delete runs up to 50 account deletions.
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      userPool: [
        'AdminAddUserToGroup',
        'AdminDeleteUser',
        'AdminDisableUser',
        'AdminEnableUser',
        'AdminGetUser',
        'AdminListGroupsForUser',
        'AdminRemoveUserFromGroup',
        'AdminResetUserPassword',
        'AdminUpdateUserAttributes',
        // The sign-in name of a user known by sub: a Google or LinkedIn user's is not their sub.
        'ListUsers',
      ],
      buckets: ['uploads', 'exports'],
      // Deleting a user cancels their Stripe subscription first; staff cancel and refund.
      secrets: ['stripe'],
      queueStats: true,
    },
  },
  impersonation: {
    entry: 'functions/handlers/impersonation.ts',
    description:
      'Staff impersonation: a signed, single-use, 15-minute read-only grant for one user, redeemed into a session, ended',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { table: 'readWrite', secrets: ['impersonation'] },
  },
  adminAnalytics: {
    entry: 'functions/handlers/admin-analytics.ts',
    description: 'Staff API: stats (daily metrics and events), feature flags, analytics CSV export',
    memoryMb: 512,
    timeoutSeconds: 29,
    access: { table: 'readWrite' },
  },
  events: {
    entry: 'functions/handlers/events.ts',
    description:
      'GET /api/flags (public) for the SPA; POST /api/events: analytics events, rate-limited per user',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: { table: 'readWrite' },
  },
  resumes: {
    entry: 'functions/handlers/resumes.ts',
    description:
      'Resume service: create, list, read, update (revisions), delete, duplicate, JSON Resume import and export',
    memoryMb: 512,
    timeoutSeconds: 10,
    access: { table: 'readWrite' },
  },
  jobs: {
    entry: 'functions/handlers/jobs.ts',
    description: "GET /api/jobs/{jobId}: a job's status, steps and result, for its owner (polling fallback)",
    memoryMb: 256,
    timeoutSeconds: 5,
    access: { table: 'read' },
  },
  pdf: {
    entry: 'functions/handlers/pdf.ts',
    description: 'POST /api/resume/{id}/pdf: paid access checked, a pdf-render job created and queued (202)',
    memoryMb: 512,
    timeoutSeconds: 10,
    access: { table: 'readWrite', queues: ['pdf-render'], webSocketManage: true },
  },
  pdfRender: {
    entry: 'functions/handlers/pdf-render.ts',
    description:
      'pdf-render worker: the resume printed by headless Chromium, stored in exports, linked in its job',
    // Chromium renders faster with more memory (Lambda's CPU share grows with it).
    memoryMb: 2048,
    timeoutSeconds: 20,
    access: { table: 'readWrite', buckets: ['uploads', 'exports'], webSocketManage: true },
    // @sparticuz/chromium ships x86_64 binaries only and finds its brotli-packed browser next to its package.
    architecture: 'x86_64',
    nodeModules: ['@sparticuz/chromium'],
    // Chromium unpacks itself into /tmp (about 200 MB) and writes its profile there.
    ephemeralStorageMb: 1024,
    // A burst of downloads cannot take the account's whole concurrency.
    reservedConcurrency: 10,
  },
  uploads: {
    entry: 'functions/handlers/uploads.ts',
    description: 'POST /api/uploads: an import job and a presigned form for the resume file (import starts)',
    memoryMb: 512,
    timeoutSeconds: 10,
    access: { table: 'readWrite', buckets: ['uploads'], webSocketManage: true },
  },
  importWorker: {
    entry: 'functions/handlers/import.ts',
    description:
      'import worker: an uploaded PDF, DOCX, DOC, LinkedIn export or JSON Resume checked, parsed, saved as a resume',
    // pdf.js on a few pages, in a worker thread with its own heap limit (see functions/domain/import); a
    // scan is read with tesseract.js (about 0.5 GB at peak, a few seconds a page), for up to
    // IMPORT_OCR_TIMEOUT_MS (60 s), hence the longer timeout.
    memoryMb: 1536,
    timeoutSeconds: 90,
    // At most this many 1.5 GB imports at once, whatever a burst of uploads (or of hostile files) asks: the
    // rest wait in the queue (its maxConcurrency matches).
    reservedConcurrency: 5,
    // tesseract.js starts its OCR worker from its own script file and loads its wasm core (tesseract.js-core,
    // its dependency) and the language data from disk: installed next to the bundle, not bundled.
    nodeModules: ['tesseract.js', '@tesseract.js-data/eng', '@tesseract.js-data/por'],
    // The Anthropic key: with one, Claude picks among the document's own values for the fields the parser
    // was unsure of (functions/domain/import/refine.ts).
    access: { table: 'readWrite', buckets: ['uploads'], webSocketManage: true, secrets: ['anthropic'] },
  },
  ai: {
    entry: 'functions/handlers/ai.ts',
    description:
      'AI: match score (plain code), metered suggestions, tailoring jobs and their apply, the resume assistant (streamed over the WebSocket)',
    memoryMb: 1024,
    // An assistant answer streams for up to ~25 s; API Gateway gives up at 30.
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      queues: ['tailoring'],
      webSocketManage: true,
      secrets: ['anthropic'],
    },
  },
  tailoringWorker: {
    entry: 'functions/handlers/tailoring.ts',
    description:
      'tailoring worker: job description analysed, the resume matched, changes proposed and grounded, scored before and after',
    memoryMb: 1024,
    timeoutSeconds: 120,
    access: { table: 'readWrite', webSocketManage: true, secrets: ['anthropic'] },
  },
  photos: {
    entry: 'functions/handlers/photos.ts',
    description:
      'Resume photos: presigned upload to the uploads bucket (unused ones swept, 20 kept at most), read back by their owner',
    memoryMb: 512,
    timeoutSeconds: 10,
    // Writes: the per-user rate limit on new photos counts in the table. The bucket: list and delete to sweep.
    access: { table: 'readWrite', buckets: ['uploads'] },
  },
  billing: {
    entry: 'functions/handlers/billing.ts',
    description:
      'Billing: Stripe checkout and billing portal sessions, the subscription, cancel, reactivate, sync, refund',
    memoryMb: 512,
    // Sync retries Stripe 3 times with backoff from 1 s (1 + 2 + 4 s of waiting plus the calls).
    timeoutSeconds: 29,
    // Undoing a cancellation sends the reactivation e-mail.
    access: { table: 'readWrite', secrets: ['stripe'], mail: true },
  },
  stripeWebhook: {
    entry: 'functions/handlers/stripe-webhook.ts',
    description:
      'POST /api/webhooks/stripe (public): signature checked on the raw body, each event applied at most once',
    memoryMb: 512,
    timeoutSeconds: 15,
    // A paid renewal sends the reactivation e-mail.
    access: { table: 'readWrite', secrets: ['stripe'], mail: true },
  },
  subscriptionNotifier: {
    entry: 'functions/handlers/subscription-notifier.ts',
    description:
      "DynamoDB Streams consumer: a user's subscription view pushed to their WebSocket connections when it changes",
    memoryMb: 256,
    timeoutSeconds: 10,
    // Reads the row and the connections; forgets connections that are gone.
    access: { table: 'readWrite', webSocketManage: true },
  },
  wsTicket: {
    entry: 'functions/handlers/ws-ticket.ts',
    description: 'POST /api/ws/ticket: a single-use ticket for the WebSocket $connect',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: { table: 'readWrite' },
  },
  webSocket: {
    entry: 'functions/handlers/web-socket.ts',
    description: 'WebSocket $connect, $disconnect and $default',
    memoryMb: 256,
    timeoutSeconds: 10,
    access: { table: 'readWrite', webSocketManage: true },
  },
  postConfirmation: {
    entry: 'functions/handlers/cognito-post-confirmation.ts',
    description: 'Cognito post-confirmation trigger: creates the Profile',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: { table: 'readWrite' },
  },
  preSignUp: {
    entry: 'functions/handlers/cognito-pre-sign-up.ts',
    description:
      'Cognito pre-sign-up trigger: validates sign-up attributes, links social sign-ups to e-mail accounts',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: { userPool: ['ListUsers', 'AdminLinkProviderForUser'] },
  },
  preTokenGeneration: {
    entry: 'functions/handlers/cognito-pre-token-generation.ts',
    description: 'Cognito pre-token-generation trigger: resolved staff role and locale in the ID token',
    memoryMb: 256,
    timeoutSeconds: 5,
    // Keeps the Profile's staff role in step with the groups at each sign-in and refresh; lists the groups
    // itself only where Cognito does not hand them over (the local emulator).
    access: { table: 'readWrite', userPool: ['AdminListGroupsForUser'] },
  },
  customMessage: {
    entry: 'functions/handlers/cognito-custom-message.ts',
    description: 'Cognito custom-message trigger: localised confirmation and password-reset e-mails',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: {},
  },
} as const satisfies Record<FunctionName, FunctionDef>;

export const queues: readonly QueueDef[] = [
  // Fed by the uploads bucket's object-created events (`bucketEvents`), not by a function.
  {
    name: 'import',
    consumer: 'importWorker',
    batchSize: 1,
    maxReceiveCount: maxReceiveCount.import,
    // Six times the worker's timeout (AWS's advice for SQS event sources; a manifest test checks it).
    visibilityTimeoutSeconds: 540,
    // The import worker's reserved concurrency.
    maxConcurrency: 5,
  },
  {
    name: 'tailoring',
    consumer: 'tailoringWorker',
    batchSize: 1,
    maxReceiveCount: maxReceiveCount.tailoring,
    // Six times the worker's timeout (AWS's advice for SQS event sources; a manifest test checks it).
    visibilityTimeoutSeconds: 720,
  },
  {
    name: 'cover-letter',
    batchSize: 1,
    maxReceiveCount: maxReceiveCount['cover-letter'],
    visibilityTimeoutSeconds: 180,
  },
  // Small batches: each message is a Chromium render, and a batch shares one function's time limit.
  {
    name: 'pdf-render',
    consumer: 'pdfRender',
    batchSize: 2,
    maxReceiveCount: maxReceiveCount['pdf-render'],
    visibilityTimeoutSeconds: 120,
  },
];

/** Object-created events of a bucket sent to a queue: S3 event notifications deployed, s3rver's events locally. */
export interface BucketEventDef {
  bucket: 'uploads' | 'exports';
  /** Only keys under this prefix. */
  prefix: string;
  queue: QueueName;
}

/** Resume files uploaded for import (`users/{sub}/imports/…`) reach the import worker. */
export const bucketEvents: readonly BucketEventDef[] = [
  { bucket: 'uploads', prefix: 'users/', queue: 'import' },
];

export const streamConsumers: readonly StreamConsumerDef[] = [
  // Subscription (and BillingInfo) changes reach open browsers: the Pro-only screens unlock without a reload.
  {
    function: 'subscriptionNotifier',
    batchSize: 25,
    skPrefixes: [Subscription.skPrefix, BillingInfo.skPrefix],
  },
];

export const cognitoTriggers: Partial<Record<CognitoTrigger, FunctionName>> = {
  preSignUp: 'preSignUp',
  postConfirmation: 'postConfirmation',
  preTokenGeneration: 'preTokenGeneration',
  customMessage: 'customMessage',
};
