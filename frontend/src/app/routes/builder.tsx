import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Resume } from '#shared/resume';
import { resumeLanguageFor } from '#shared/resume-model';
import { newResumeTitle, titleDate } from '#shared/resume-title';
import { Loading } from '../../components/loading.tsx';
import { BuilderWorkspace, newDocument, useResumeSession } from '../../features/builder/index.ts';
import { useImpersonation } from '../../features/impersonation/index.ts';
import { useSessionUser } from '../../lib/auth.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /builder?id=...: edit a resume. Without an id it starts a new one, which the first autosave creates
 * (spec section 4); the URL then carries its id.
 */
function EditableBuilderRoute() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const id = params.get('id');
  useDocumentTitle(t('builder.title'));

  // Named by what it is for and when (the job title follows as it is typed), not "<first name>'s Resume".
  const fresh = useCallback(() => {
    const language = resumeLanguageFor(i18n.language);
    return newDocument(user, language, newResumeTitle('', titleDate(new Date(), language), language));
  }, [i18n.language, user]);

  const onCreated = useCallback(
    (resume: Resume) => navigate(`/builder?id=${encodeURIComponent(resume.id)}`, { replace: true }),
    [navigate],
  );

  const session = useResumeSession(id, user, fresh, onCreated);

  if (session.phase.phase === 'loading') return <Loading label={t('builder.loading')} />;
  if (session.phase.phase === 'error') {
    return (
      <div className="empty-state" role="alert">
        <h1>{t('builder.title')}</h1>
        <p>{errorMessage(t, session.phase.error)}</p>
        <div className="empty-state__actions">
          <button type="button" className="button button--primary" onClick={session.retryLoad}>
            {t('builder.retryLoad')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => navigate('/resumes')}>
            {t('builder.back')}
          </button>
        </div>
      </div>
    );
  }
  return <BuilderWorkspace engine={session.engine} />;
}

// Only staff viewing the app as a user need it (with the preview and its templates): its own chunk.
const ReadOnlyResume = lazy(async () => ({
  default: (await import('../../features/impersonation/read-only-resume.ts')).ReadOnlyResume,
}));

/** The builder; while staff view the app as a user, their resume to look at (read-only, nothing saved). */
export function BuilderRoute() {
  const impersonation = useImpersonation();
  const [params] = useSearchParams();
  if (!impersonation) return <EditableBuilderRoute />;
  return (
    <Suspense fallback={<Loading />}>
      <ReadOnlyResume id={params.get('id')} session={impersonation} />
    </Suspense>
  );
}
