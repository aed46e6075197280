import type { ResumeLanguage } from '#shared/resume';
import { fromJsonResume } from '../json-resume/from-json-resume.ts';
import { validateJsonResume } from '../json-resume/validate.ts';
import { ImportError, type ParsedResume } from './types.ts';

/** A JSON Resume `.json` file (https://jsonresume.org) read with the same mapper as the JSON import route. */
export function parseJsonResumeFile(bytes: Uint8Array, language?: ResumeLanguage): ParsedResume {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''));
  } catch (cause) {
    throw new ImportError('IMPORT_INVALID_JSON_RESUME', 'The file is not JSON text.', { cause });
  }
  const checked = validateJsonResume(document);
  if (!checked.ok) {
    throw new ImportError('IMPORT_INVALID_JSON_RESUME', 'The document is not a valid JSON Resume.');
  }
  try {
    const content = fromJsonResume(checked.value, language ? { language } : {});
    return { content, language: content.settings.language, uncertain: [] };
  } catch (cause) {
    throw new ImportError('IMPORT_INVALID_JSON_RESUME', 'The document could not be read as a resume.', {
      cause,
    });
  }
}
