import { type BillingErrorCode, billingErrorStatus } from '#shared/billing';
import type { ErrorCode } from '#shared/errors';
import { AppError } from '../../lib/app-error.ts';

/**
 * A billing error: an AppError (so the HTTP layer answers `{error:{code,message}}` with its status) whose
 * code is one of shared/billing.ts `billingErrorStatus`. Until those codes are listed in shared/errors.ts
 * the status is taken from billingErrorStatus.
 */
export class BillingError extends AppError {
  constructor(code: BillingErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code as unknown as ErrorCode, message, options);
    if (typeof this.status !== 'number') {
      Object.defineProperty(this, 'status', { value: billingErrorStatus[code], enumerable: true });
    }
  }
}
