import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../../../components/icons.tsx';
import { Loading } from '../../../../components/loading.tsx';
import { useUserResumes } from '../../api/get-user-resumes.ts';
import { useFormat } from '../../lib/format.ts';
import { LoadError } from '../load-error.tsx';

/** The user's resumes, each a link to its read-only view. */
export function ResumesCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const resumes = useUserResumes(userId);
  return (
    <section className="card stack-small" aria-labelledby="admin-resumes-title">
      <h3 id="admin-resumes-title">{t('admin.user.resumes')}</h3>
      {resumes.isPending ? (
        <Loading label={t('admin.loading')} />
      ) : resumes.isError ? (
        <LoadError
          title={t('admin.user.resumesFailed')}
          error={resumes.error}
          onRetry={() => void resumes.refetch()}
        />
      ) : resumes.data.length === 0 ? (
        <p className="muted">{t('admin.user.noResumes')}</p>
      ) : (
        <ul className="admin-resume-list">
          {resumes.data.map((resume) => (
            <li key={resume.id}>
              <Link
                to={`/admin/users/${encodeURIComponent(userId)}/resumes/${encodeURIComponent(resume.id)}`}
                aria-label={t('admin.user.openResume', { title: resume.title })}
              >
                <Icon name="fileText" />
                <span className="admin-resume-list__title">{resume.title}</span>
              </Link>
              <span className="muted admin-small">
                {t('admin.user.resumeUpdated', { date: format.date(resume.updatedAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
