import { z } from 'zod';
import { resumeLanguages } from '#shared/resume-model';
import { MAX_TITLE_LENGTH } from '../lib/resume-files.ts';

/**
 * What the rename and the JSON Resume import check before they leave. Apart from their calls
 * (update-resume.ts, import-json-resume.ts), which load this module when first used: those are on the editor's
 * first load, zod is not.
 */

export const renameResumeSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  /** The revision the list showed; a newer one on the server costs one re-read, not the rename. */
  revision: z.number().int(),
});
export type RenameResumeInput = z.infer<typeof renameResumeSchema>;

export const importJsonResumeSchema = z.strictObject({
  /** The parsed file; the server checks it against the JSON Resume schema. */
  document: z.record(z.string(), z.unknown()),
  /** Section titles and page size of the new resume follow this language. */
  language: z.enum(resumeLanguages),
  /** The file's name: the new resume is named after it. */
  fileName: z.string().max(255).optional(),
});
export type ImportJsonResumeInput = z.infer<typeof importJsonResumeSchema>;
