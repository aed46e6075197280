import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { useResumes } from '../api/get-resumes.ts';
import { ResumeListItem } from './resume-list-item.tsx';

/** The user's resumes, with loading, failure and empty states. */
export function ResumeList({ userId, labelledBy }: { userId: string; labelledBy: string }) {
  const { t } = useTranslation();
  const resumes = useResumes(userId);

  if (resumes.isPending) return <Loading label={t('resumes.loading')} />;
  if (resumes.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('resumes.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void resumes.refetch()}>
          {t('resumes.retry')}
        </button>
      </div>
    );
  }
  if (resumes.data.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('resumes.empty.title')}</p>
        <p className="muted">{t('resumes.empty.description')}</p>
      </div>
    );
  }
  return (
    <ul className="resume-list" aria-labelledby={labelledBy}>
      {resumes.data.map((resume) => (
        <ResumeListItem key={resume.id} resume={resume} />
      ))}
    </ul>
  );
}
