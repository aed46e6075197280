import { type ErrorCode, errorStatus, type FieldIssue } from '#shared/errors';

/** The one error type of the back end: a stable code, its HTTP status, and an optional cause. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  /** When a limit that refused the request lets it through again: the answer's `resetAt` and Retry-After. */
  readonly resetAt: Date | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; issues?: FieldIssue[]; resetAt?: Date } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = errorStatus[code];
    this.issues = options.issues;
    this.resetAt = options.resetAt;
  }
}
