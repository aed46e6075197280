import type { Permission } from '../shared/permissions.ts';

/**
 * The one manifest of the back end. The CDK stack (infra/lib) and the local cloud (infra/local) are both
 * built from it, so the two runtimes cannot drift; a stack test asserts every entry is in the template.
 */

export type AuthLevel = 'public' | 'user' | 'staff';

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
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
}

/**
 * The secrets of the stack: the Anthropic API key, and the Stripe keys (JSON
 * `{"secretKey":"sk_…","webhookSecret":"whsec_…"}`, read whole by functions/domain/billing/config.ts).
 */
export type SecretName = 'anthropic' | 'stripe';

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

export interface HttpRouteDef {
  method: HttpMethod;
  /** Full path as the browser sends it (CloudFront forwards `/api/*` unchanged). */
  path: string;
  function: FunctionName;
  auth: AuthLevel;
  /** Staff routes: the permission of the matrix (shared/permissions.ts) the caller's role must hold. */
  permission?: Permission;
}

export interface WebSocketRouteDef {
  route: '$connect' | '$disconnect' | '$default' | (string & {});
  function: FunctionName;
}

/** The job queues; each has its own URL variable (`queueUrlEnv`). */
export type QueueName = 'import' | 'tailoring' | 'cover-letter' | 'pdf-render';

export interface QueueDef {
  name: QueueName;
  /** Worker function; queues whose worker arrives in a later issue have none yet. */
  consumer?: FunctionName;
  batchSize: number;
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
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
    description: 'Signed-in account: read, update, notification preferences, social connections, deletion',
    memoryMb: 512,
    timeoutSeconds: 29,
    access: {
      table: 'readWrite',
      userPool: [
        'AdminDeleteUser',
        'AdminDisableProviderForUser',
        'AdminGetUser',
        'AdminUpdateUserAttributes',
      ],
      buckets: ['uploads', 'exports'],
      // Account deletion cancels the user's Stripe subscription first.
      secrets: ['stripe'],
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
    access: { table: 'readWrite' },
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
    // pdf.js on a few pages, in a worker thread with its own heap limit (see functions/domain/import).
    memoryMb: 1536,
    timeoutSeconds: 30,
    access: { table: 'readWrite', buckets: ['uploads'], webSocketManage: true },
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
    description: 'Resume photos: presigned upload to the uploads bucket, read back by their owner',
    memoryMb: 512,
    timeoutSeconds: 10,
    access: { table: 'read', buckets: ['uploads'] },
  },
  billing: {
    entry: 'functions/handlers/billing.ts',
    description:
      'Billing: Stripe checkout and billing portal sessions, the subscription, cancel, reactivate, sync, refund',
    memoryMb: 512,
    // Sync retries Stripe 3 times with backoff from 1 s (1 + 2 + 4 s of waiting plus the calls).
    timeoutSeconds: 29,
    access: { table: 'readWrite', secrets: ['stripe'] },
  },
  stripeWebhook: {
    entry: 'functions/handlers/stripe-webhook.ts',
    description:
      'POST /api/webhooks/stripe (public): signature checked on the raw body, each event applied at most once',
    memoryMb: 512,
    timeoutSeconds: 15,
    access: { table: 'readWrite', secrets: ['stripe'] },
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
    access: {},
  },
  customMessage: {
    entry: 'functions/handlers/cognito-custom-message.ts',
    description: 'Cognito custom-message trigger: localised confirmation and password-reset e-mails',
    memoryMb: 256,
    timeoutSeconds: 5,
    access: {},
  },
} as const satisfies Record<string, FunctionDef>;

export type FunctionName = keyof typeof functions;

/** Staff routes as `[method, path, function, permission]`: each names the permission it needs. */
function staffRoutes(list: [HttpMethod, string, FunctionName, Permission][]): HttpRouteDef[] {
  return list.map(([method, path, fn, permission]) => ({
    method,
    path,
    function: fn,
    auth: 'staff',
    permission,
  }));
}

export const httpRoutes: readonly HttpRouteDef[] = [
  { method: 'GET', path: '/api/health', function: 'health', auth: 'public' },
  { method: 'GET', path: '/api/me', function: 'me', auth: 'user' },
  { method: 'PATCH', path: '/api/me', function: 'me', auth: 'user' },
  { method: 'DELETE', path: '/api/me', function: 'me', auth: 'user' },
  { method: 'GET', path: '/api/me/social-connections', function: 'me', auth: 'user' },
  { method: 'DELETE', path: '/api/me/social-connections/{provider}', function: 'me', auth: 'user' },
  ...staffRoutes([
    // Admin service, spec section 7.
    ['GET', '/api/admin/stats', 'adminAnalytics', 'analytics:view'],
    ['GET', '/api/admin/health', 'admin', 'system:view'],
    ['GET', '/api/admin/users', 'admin', 'users:view'],
    ['GET', '/api/admin/users/{id}', 'admin', 'users:view'],
    ['PUT', '/api/admin/users/{id}', 'admin', 'users:edit'],
    ['DELETE', '/api/admin/users/{id}', 'admin', 'users:delete'],
    ['POST', '/api/admin/users/bulk-delete', 'admin', 'users:delete'],
    ['POST', '/api/admin/users/{id}/reset-password', 'admin', 'users:edit'],
    ['GET', '/api/admin/users/{id}/impersonate-url', 'impersonation', 'users:edit'],
    ['GET', '/api/admin/users/{id}/resumes', 'admin', 'content:view'],
    ['GET', '/api/admin/users/{id}/resumes/{resumeId}', 'admin', 'content:view'],
    ['GET', '/api/admin/users/{id}/profile', 'admin', 'users:view'],
    ['GET', '/api/admin/permissions/{userId}', 'admin', 'users:view'],
    ['POST', '/api/admin/permissions/check', 'admin', 'users:view'],
    // Grant or revoke a staff role (the spec's grant and revoke admin).
    ['PUT', '/api/admin/permissions/{userId}', 'admin', 'system:edit'],
    // A user's subscription, as staff manage it.
    ['GET', '/api/admin/users/{id}/subscription', 'admin', 'subscriptions:view'],
    ['POST', '/api/admin/users/{id}/subscription/sync', 'admin', 'subscriptions:edit'],
    ['POST', '/api/admin/users/{id}/subscription/cancel', 'admin', 'subscriptions:cancel'],
    ['POST', '/api/admin/users/{id}/subscription/refund', 'admin', 'subscriptions:refund'],
    ['GET', '/api/admin/audit', 'admin', 'system:view'],
    ['GET', '/api/admin/flags', 'adminAnalytics', 'system:view'],
    ['PUT', '/api/admin/flags/{flag}', 'adminAnalytics', 'system:featureFlags'],
    ['GET', '/api/admin/analytics/export', 'adminAnalytics', 'analytics:export'],
    // The staff member who received a grant opens (and ends) the read-only session with it.
    ['POST', '/api/admin/impersonation/redeem', 'impersonation', 'users:edit'],
    ['POST', '/api/admin/impersonation/end', 'impersonation', 'users:edit'],
  ]),
  { method: 'GET', path: '/api/flags', function: 'events', auth: 'public' },
  { method: 'POST', path: '/api/events', function: 'events', auth: 'user' },
  { method: 'POST', path: '/api/resume/create/{userId}', function: 'resumes', auth: 'user' },
  { method: 'GET', path: '/api/resume/all/{userId}', function: 'resumes', auth: 'user' },
  { method: 'GET', path: '/api/resume/id/{id}', function: 'resumes', auth: 'user' },
  { method: 'PATCH', path: '/api/resume/{id}', function: 'resumes', auth: 'user' },
  { method: 'DELETE', path: '/api/resume/{id}', function: 'resumes', auth: 'user' },
  { method: 'POST', path: '/api/resume/{id}/duplicate', function: 'resumes', auth: 'user' },
  { method: 'POST', path: '/api/resume/import/json-resume', function: 'resumes', auth: 'user' },
  { method: 'GET', path: '/api/resume/{id}/export', function: 'resumes', auth: 'user' },
  { method: 'POST', path: '/api/resume/{id}/pdf', function: 'pdf', auth: 'user' },
  { method: 'GET', path: '/api/jobs/{jobId}', function: 'jobs', auth: 'user' },
  { method: 'POST', path: '/api/uploads', function: 'uploads', auth: 'user' },
  { method: 'POST', path: '/api/photos', function: 'photos', auth: 'user' },
  { method: 'GET', path: '/api/photos/{photoId}', function: 'photos', auth: 'user' },
  { method: 'POST', path: '/api/ws/ticket', function: 'wsTicket', auth: 'user' },
  { method: 'POST', path: '/api/billing/checkout', function: 'billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/portal', function: 'billing', auth: 'user' },
  { method: 'GET', path: '/api/billing/subscription', function: 'billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/cancel', function: 'billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/reactivate', function: 'billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/sync', function: 'billing', auth: 'user' },
  { method: 'POST', path: '/api/billing/refund', function: 'billing', auth: 'user' },
  // Stripe calls it: no token; the signature on the raw body is the authentication.
  { method: 'POST', path: '/api/webhooks/stripe', function: 'stripeWebhook', auth: 'public' },
  { method: 'POST', path: '/api/match-score', function: 'ai', auth: 'user' },
  { method: 'GET', path: '/api/ai/usage', function: 'ai', auth: 'user' },
  { method: 'POST', path: '/api/ai/suggestions', function: 'ai', auth: 'user' },
  { method: 'POST', path: '/api/tailoring', function: 'ai', auth: 'user' },
  { method: 'POST', path: '/api/tailoring/{jobId}/apply', function: 'ai', auth: 'user' },
  { method: 'GET', path: '/api/assistant/{resumeId}', function: 'ai', auth: 'user' },
  { method: 'POST', path: '/api/assistant/{resumeId}/messages', function: 'ai', auth: 'user' },
  { method: 'DELETE', path: '/api/assistant/{resumeId}', function: 'ai', auth: 'user' },
];

export const webSocketRoutes: readonly WebSocketRouteDef[] = [
  { route: '$connect', function: 'webSocket' },
  { route: '$disconnect', function: 'webSocket' },
  { route: '$default', function: 'webSocket' },
];

export const queues: readonly QueueDef[] = [
  // Fed by the uploads bucket's object-created events (`bucketEvents`), not by a function.
  {
    name: 'import',
    consumer: 'importWorker',
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 180,
  },
  {
    name: 'tailoring',
    consumer: 'tailoringWorker',
    batchSize: 1,
    maxReceiveCount: 3,
    // Six times the worker's timeout (AWS's advice for SQS event sources; a manifest test checks it).
    visibilityTimeoutSeconds: 720,
  },
  { name: 'cover-letter', batchSize: 1, maxReceiveCount: 3, visibilityTimeoutSeconds: 180 },
  // Small batches: each message is a Chromium render, and a batch shares one function's time limit.
  {
    name: 'pdf-render',
    consumer: 'pdfRender',
    batchSize: 2,
    maxReceiveCount: 3,
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
  { function: 'subscriptionNotifier', batchSize: 25, skPrefixes: ['SUBSCRIPTION', 'BILLING'] },
];

export const cognitoTriggers: Partial<Record<CognitoTrigger, FunctionName>> = {
  preSignUp: 'preSignUp',
  postConfirmation: 'postConfirmation',
  preTokenGeneration: 'preTokenGeneration',
  customMessage: 'customMessage',
};

/** Environment variable names shared by the stack and the local cloud. */
export const env = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  jwtIssuer: 'JWT_ISSUER',
  jwksUri: 'JWKS_URI',
  allowedOrigins: 'ALLOWED_ORIGINS',
  webSocketEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  stage: 'STAGE',
  uploadsBucket: 'UPLOADS_BUCKET',
  exportsBucket: 'EXPORTS_BUCKET',
  /** Comma-separated e-mails that are always admin (the spec's hard-coded address, as configuration). */
  bootstrapAdminEmails: 'BOOTSTRAP_ADMIN_EMAILS',
  queueUrlImport: 'QUEUE_URL_IMPORT',
  queueUrlTailoring: 'QUEUE_URL_TAILORING',
  queueUrlCoverLetter: 'QUEUE_URL_COVER_LETTER',
  queueUrlPdfRender: 'QUEUE_URL_PDF_RENDER',
  anthropicSecretId: 'ANTHROPIC_SECRET_ID',
  /** Claude model and limits (configuration, not code); defaults in functions/domain/ai/config.ts. */
  anthropicModel: 'ANTHROPIC_MODEL',
  anthropicMaxTokens: 'ANTHROPIC_MAX_TOKENS',
  anthropicTimeoutMs: 'ANTHROPIC_TIMEOUT_MS',
  /** Overrides the Anthropic API's URL (tests point it at a local fake). */
  anthropicBaseUrl: 'ANTHROPIC_BASE_URL',
  stripeSecretId: 'STRIPE_SECRET_ID',
  /** JSON `{ [queue]: { url, dlqUrl } }` for functions with `access.queueStats` (admin health). */
  queueStatsUrls: 'QUEUE_STATS_URLS',
} as const;

/** The variable holding each secret's id, set only for functions granted that secret (`access.secrets`). */
export const secretIdEnv = {
  anthropic: env.anthropicSecretId,
  stripe: env.stripeSecretId,
} as const satisfies Record<SecretName, string>;

/** The variable holding each queue's URL, set only for functions granted that queue (`access.queues`). */
export const queueUrlEnv = {
  import: env.queueUrlImport,
  tailoring: env.queueUrlTailoring,
  'cover-letter': env.queueUrlCoverLetter,
  'pdf-render': env.queueUrlPdfRender,
} as const satisfies Record<QueueName, string>;

/** The single table's key schema, used by the stack and by the local cloud's table creation. */
export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;
