import type { TFunction } from 'i18next';
import { IMPORT_MAX_PAGES, type ImportKind, importErrorCodes } from '#shared/imports';
import { FREE_RESUME_LIMIT } from '#shared/plans';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { UploadRefusal } from '../api/create-upload.ts';

/** Why an import that had started did not end in the editor. */
export type ImportFailure =
  /** POST /api/uploads refused (the plan's limit, validation, the network). */
  | { kind: 'request'; error: unknown }
  /** S3 refused the form, or the bytes never arrived. */
  | { kind: 'upload'; refusal: UploadRefusal | 'network' }
  /** The job failed with this code (or finished with a result that is not an import's). */
  | { kind: 'job'; code: string | undefined }
  /** The job was not finished after IMPORT_CLIENT_TIMEOUT_MS. */
  | { kind: 'timeout' };

export interface FailureText {
  title: string;
  reason: string;
  /** The plan's limit stopped it: the way out is Upgrade to Pro. */
  upgrade: boolean;
}

const isImportErrorCode = (code: string | undefined): code is (typeof importErrorCodes)[number] =>
  (importErrorCodes as readonly (string | undefined)[]).includes(code);

const limitReached = (failure: ImportFailure) =>
  (failure.kind === 'job' && failure.code === 'RESUME_LIMIT_REACHED') ||
  (failure.kind === 'request' &&
    failure.error instanceof ApiError &&
    failure.error.code === 'RESUME_LIMIT_REACHED');

function reason(t: TFunction, failure: ImportFailure): string {
  switch (failure.kind) {
    case 'request':
      return errorMessage(t, failure.error);
    case 'upload':
      if (failure.refusal === 'tooLarge') return t('import.reasons.IMPORT_TOO_LARGE');
      if (failure.refusal === 'expired') return t('import.reasons.uploadExpired');
      return t('import.reasons.uploadFailed');
    case 'timeout':
      return t('import.reasons.tooSlow');
    case 'job':
      if (failure.code === 'RESUME_LIMIT_REACHED') {
        return t('errors.RESUME_LIMIT_REACHED', { limit: FREE_RESUME_LIMIT });
      }
      return isImportErrorCode(failure.code)
        ? t(`import.reasons.${failure.code}`, { count: IMPORT_MAX_PAGES })
        : t('import.reasons.generic');
  }
}

/**
 * What the page says about a failed import: 'Error processing resume' (for a LinkedIn export, the spec's
 * 'Failed to import LinkedIn profile') with the translated reason of the server's code.
 */
export function failureText(t: TFunction, failure: ImportFailure, kind: ImportKind | null): FailureText {
  return {
    title: kind === 'linkedin-zip' ? t('import.failed.linkedinTitle') : t('import.failed.title'),
    reason: reason(t, failure),
    upgrade: limitReached(failure),
  };
}
