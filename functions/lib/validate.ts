import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message:
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', `The ${what} is not valid.`, { issues });
}

/** Parse a request body with a strict schema, or throw VALIDATION_FAILED listing every issue. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return parse(schema, body, 'request body');
}

/** Parse the query string's parameters, or throw VALIDATION_FAILED naming each wrong one. */
export function parseQuery<S extends z.ZodType>(schema: S, event: APIGatewayProxyEventV2): z.output<S> {
  return parse(schema, event.queryStringParameters ?? {}, 'query string');
}
