import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateResumeButton } from '../../features/resumes/components/create-resume-button.tsx';
import { ResumeList } from '../../features/resumes/components/resume-list.tsx';
import { ResumeUsage } from '../../features/resumes/components/resume-usage.tsx';
import { useSessionUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /resumes: the user's resumes and the create button. */
export function ResumesRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const headingId = useId();
  useDocumentTitle(t('resumes.title'));

  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1 id={headingId}>{t('resumes.title')}</h1>
          <ResumeUsage />
        </div>
        <CreateResumeButton user={user} />
      </div>
      <ResumeList userId={user.userId} labelledBy={headingId} />
    </div>
  );
}
