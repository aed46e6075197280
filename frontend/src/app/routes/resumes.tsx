import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ResumeGrid, ResumesActions, ResumeUsage } from '../../features/resumes/resumes-page.ts';
import '../../features/resumes/components/resumes.css';
import { useResumeAllowance } from '../../features/resumes/index.ts';
import { useSessionUser } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /resumes: the plan usage, the ways to add a resume, and the resumes as a grid of first pages. */
export function ResumesRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const allowance = useResumeAllowance();
  const headingId = useId();
  useDocumentTitle(t('resumes.title'));
  const atLimit = allowance?.atLimit ?? false;

  return (
    <div className="resumes-page">
      <div className="resumes-header">
        <div className="resumes-header__title">
          <h1 id={headingId} tabIndex={-1}>
            {t('resumes.title')}
          </h1>
          <ResumeUsage allowance={allowance} />
        </div>
        <ResumesActions atLimit={atLimit} />
      </div>
      <ResumeGrid userId={user.userId} headingId={headingId} atLimit={atLimit} />
    </div>
  );
}
