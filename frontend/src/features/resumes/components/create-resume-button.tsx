import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../lib/auth.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateResume } from '../api/create-resume.ts';

/** Creates a resume from the account's name and e-mail; the server enforces the plan limit. */
export function CreateResumeButton({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const create = useCreateResume();

  return (
    <div className="create-resume">
      <button
        type="button"
        className="button button--primary"
        disabled={create.isPending}
        aria-busy={create.isPending}
        onClick={() =>
          create.mutate({
            userId: user.userId,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            title: t('resumes.defaultTitle'),
          })
        }
      >
        {create.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
        {t('resumes.create')}
      </button>
      <div aria-live="polite">
        {create.isSuccess ? <p className="form-notice">{t('resumes.created')}</p> : null}
      </div>
      {create.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(t, create.error)}
        </p>
      ) : null}
    </div>
  );
}
