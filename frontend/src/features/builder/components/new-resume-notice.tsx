import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useResumeAllowance } from '../../resumes/index.ts';
import { useSyncState } from '../hooks/use-resume-session.ts';
import { EditorIcon } from './editor-icons.tsx';

/**
 * A new resume is created by its first edit, and on the Free plan it takes one of the plan's slots: before
 * that edit, the editor says so when it would take the last slot, and says that nothing can be saved when no
 * slot is left (delete one, or upgrade). Nothing for Pro, for a resume already saved, or while /me loads.
 */
export function NewResumeNotice() {
  const { t } = useTranslation();
  const resumeId = useSyncState((s) => s.resumeId);
  const allowance = useResumeAllowance();
  if (resumeId || !allowance || allowance.limit === null) return null;
  const { used, limit } = allowance;
  const left = limit - used;
  if (left > 1) return null;
  const full = left <= 0;
  return (
    <section
      className={full ? 'new-resume-notice new-resume-notice--full' : 'new-resume-notice'}
      aria-labelledby="new-resume-notice-title"
    >
      <EditorIcon name="alert" size={20} className="new-resume-notice__icon" />
      <div className="new-resume-notice__body">
        <h2 id="new-resume-notice-title" className="new-resume-notice__title">
          {full ? t('builder.newResume.fullTitle', { count: limit }) : t('builder.newResume.lastTitle')}
        </h2>
        <p>
          {full
            ? t('builder.newResume.fullBody', { count: limit })
            : t('builder.newResume.lastBody', { used: used + 1, count: limit })}
        </p>
        <div className="new-resume-notice__actions">
          <Link to="/resumes" className="button button--secondary button--small">
            {t('builder.newResume.myResumes')}
          </Link>
          <Link to="/pricing" className="button button--primary button--small">
            {t('builder.upgrade')}
          </Link>
        </div>
      </div>
    </section>
  );
}
