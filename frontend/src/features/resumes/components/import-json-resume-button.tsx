import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { resumeLanguageFor } from '#shared/resume-model';
import { Icon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useImportJsonResume } from '../api/import-json-resume.ts';
import { parseImportFile } from '../lib/resume-files.ts';

// The server lists the fields it refused; a few paths are enough to find the problem in the file.
const MAX_FIELDS_SHOWN = 3;

/**
 * "Import JSON Resume": a file picker for a .json file, read and checked in the browser, sent to the import
 * route, and the new resume opened in the builder. Every failure is explained in the interface language.
 */
export function ImportJsonResumeButton({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const upgradeTo = useUpgradePath();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const importResume = useImportJsonResume();
  const [problem, setProblem] = useState<string | null>(null);
  // The Free plan's limit (reached in another tab, or before the count loaded): the way out is Pro.
  const [atLimit, setAtLimit] = useState(false);

  function importProblem(error: unknown): string {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      const fields = error.issues
        .map((issue) => issue.path)
        .filter(Boolean)
        .slice(0, MAX_FIELDS_SHOWN);
      const invalid = t('resumes.import.invalid');
      return fields.length > 0
        ? `${invalid} ${t('resumes.import.invalidFields', { fields: fields.join(', ') })}`
        : invalid;
    }
    return errorMessage(t, error);
  }

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires another change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setAtLimit(false);
    importResume.reset();
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setProblem(t('resumes.import.readFailed'));
    }
    const parsed = parseImportFile(text, file.size);
    if (!parsed.ok) return setProblem(t(`resumes.import.${parsed.problem}`));
    importResume.mutate(
      {
        document: parsed.document,
        language: resumeLanguageFor(i18n.language),
        fileName: file.name.slice(0, 255),
      },
      {
        onSuccess: (resume) => navigate(`/builder?id=${encodeURIComponent(resume.id)}`),
        onError: (error) => {
          setProblem(importProblem(error));
          setAtLimit(error instanceof ApiError && error.code === 'RESUME_LIMIT_REACHED');
        },
      },
    );
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled || importResume.isPending}
        aria-busy={importResume.isPending}
        onClick={() => input.current?.click()}
      >
        {importResume.isPending ? (
          <span className="spinner spinner--inline" aria-hidden="true" />
        ) : (
          <Icon name="fileText" />
        )}
        {importResume.isPending ? t('resumes.import.busy') : t('resumes.import.action')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        tabIndex={-1}
        onChange={(event) => void onChange(event)}
      />
      {problem ? (
        <p className="form-error resumes-actions__error" role="alert">
          {problem}
          {atLimit ? (
            <>
              {' '}
              <Link to={upgradeTo} className="link">
                {t('resumes.upgrade')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
