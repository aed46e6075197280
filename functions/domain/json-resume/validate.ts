import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldIssue } from '#shared/errors';
import type { JsonResume } from './document.ts';
import { jsonResumeSchema } from './schema/schema.ts';

// Validation: compiled once per module load, as code generation is the expensive part of Ajv.

// Not strict: the vendored schema pairs `additionalItems` with a single `items` schema, which strict mode
// refuses although draft-07 simply ignores it.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateDocument = ajv.compile<JsonResume>(jsonResumeSchema);
/** Whether a string is an e-mail address as the schema's `format: email` reads one. */
export const isEmail = ajv.compile<string>({ type: 'string', format: 'email' });
/** Whether a string is a URI as the schema's `format: uri` reads one. */
export const isUri = ajv.compile<string>({ type: 'string', format: 'uri' });

/** A body with thousands of broken entries should not produce an equally large error response. */
const MAX_ISSUES = 100;

function issueOf(error: ErrorObject): FieldIssue {
  const path = error.instancePath.split('/').slice(1).map(unescapePointer).join('.');
  // The date pattern is unreadable in a message; say what a valid date looks like instead.
  if (error.keyword === 'pattern' && error.params.pattern === jsonResumeSchema.definitions.iso8601.pattern)
    return { path, message: 'must be a date like 2024, 2024-06 or 2024-06-29' };
  return { path, message: error.message ?? 'is not valid' };
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Check a parsed document against the JSON Resume schema; issue paths look like `work.0.startDate`. */
export function validateJsonResume(
  doc: unknown,
): { ok: true; value: JsonResume } | { ok: false; issues: FieldIssue[] } {
  if (validateDocument(doc)) return { ok: true, value: doc };
  const issues = (validateDocument.errors ?? []).slice(0, MAX_ISSUES).map(issueOf);
  return { ok: false, issues: issues.length > 0 ? issues : [{ path: '', message: 'is not valid' }] };
}
