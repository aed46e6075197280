import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { templateById } from '#shared/templates/registry';
import { Icon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ResumePreview } from '../../preview/index.ts';
import { getUserQueryOptions } from '../api/get-user.ts';
import { useUserResume } from '../api/get-user-resumes.ts';
import { LoadError } from './load-error.tsx';

/**
 * /admin/users/:id/resumes/:resumeId: a user's resume drawn by the builder's own preview, with no editing
 * controls at all, so staff see exactly what the user sees and cannot change it.
 */
export function ResumeViewPage() {
  const { t } = useTranslation();
  const { id = '', resumeId = '' } = useParams();
  const resume = useUserResume(id, resumeId);
  // Only for the owner's e-mail in the heading; the page works without it.
  const owner = useQuery(getUserQueryOptions(id));
  useDocumentTitle(
    resume.data ? `${resume.data.title} · ${t('admin.resume.readOnly')}` : t('admin.resume.readOnly'),
  );
  const userPath = `/admin/users/${encodeURIComponent(id)}`;
  // The template's name in the reader's language (the public catalog names every template), else the registry's.
  const templateName = (templateId: string) => {
    const info = templateById(templateId);
    return t(`landing.templates.items.${info.id}.name` as 'landing.templates.items.simple.name', {
      defaultValue: info.name,
    });
  };

  return (
    <div className="stack">
      <Link to={userPath} className="back-link">
        <Icon name="arrowLeft" />
        {t('admin.resume.back')}
      </Link>
      {resume.isPending ? (
        <Loading label={t('admin.resume.loading')} />
      ) : resume.isError ? (
        resume.error instanceof ApiError && resume.error.status === 404 ? (
          <div className="empty-state" role="alert">
            <p className="empty-state__title">
              {resume.error.code === 'USER_NOT_FOUND' ? t('admin.user.notFound') : t('admin.resume.notFound')}
            </p>
          </div>
        ) : (
          <LoadError
            title={t('admin.resume.loadFailed')}
            error={resume.error}
            onRetry={() => void resume.refetch()}
          />
        )
      ) : (
        <>
          <header className="admin-resume-head">
            <div>
              <h2>{resume.data.title}</h2>
              <p className="muted admin-break">
                {owner.data ? `${t('admin.resume.owner', { email: owner.data.user.email })} · ` : ''}
                {t('admin.resume.template', { template: templateName(resume.data.template) })}
              </p>
            </div>
            <span className="badge admin-badge--readonly">
              <Icon name="lock" />
              {t('admin.resume.readOnly')}
            </span>
          </header>
          <div className="admin-resume-preview">
            <ResumePreview resume={resume.data} zoom="fit" label={t('admin.resume.preview')} />
          </div>
        </>
      )}
    </div>
  );
}
