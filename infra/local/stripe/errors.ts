/** An error the stand-in answers as Stripe does: its status, and `{error: {type, code, message}}`. */
export class StripeApiError extends Error {
  readonly status: number;
  /** Stripe's own error code (`resource_missing`, `charge_already_refunded`), which callers branch on. */
  readonly code: string | undefined;
  /** Stripe's error type, when not the one its status implies (the SDK picks its error class by it). */
  readonly type: string | undefined;
  constructor(status: number, message: string, code?: string, type?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.type = type;
  }
}

/** The status and JSON body Stripe would answer for an error (anything unforeseen is a 500 `api_error`). */
export function errorAnswer(error: unknown): { status: number; body: string } {
  const status = error instanceof StripeApiError ? error.status : 500;
  return {
    status,
    body: JSON.stringify({
      error: {
        type:
          error instanceof StripeApiError && error.type
            ? error.type
            : status === 401
              ? 'invalid_request_error'
              : status >= 500
                ? 'api_error'
                : 'invalid_request_error',
        ...(error instanceof StripeApiError && error.code ? { code: error.code } : {}),
        message: (error as Error).message,
      },
    }),
  };
}
