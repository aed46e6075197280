import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parse a request body with a strict schema, or throw VALIDATION_FAILED listing every issue. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message:
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', 'The request body is not valid.', { issues });
}
