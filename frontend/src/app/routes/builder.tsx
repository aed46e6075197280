import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { ResumeEditor } from '../../features/builder/components/resume-editor.tsx';
import { useResume } from '../../features/resumes/api/get-resume.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /builder?id=...: edit an existing resume. */
export function BuilderRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(t('builder.title'));

  return (
    <div className="stack">
      <Link to="/resumes" className="back-link">
        {t('builder.back')}
      </Link>
      {id ? (
        <BuilderForResume key={id} id={id} />
      ) : (
        <div className="empty-state">
          <h1>{t('builder.title')}</h1>
          <p>{t('builder.noResume')}</p>
        </div>
      )}
    </div>
  );
}

function BuilderForResume({ id }: { id: string }) {
  const { t } = useTranslation();
  const resume = useResume(id);

  if (resume.isPending) return <Loading />;
  if (resume.isError) {
    return (
      <div className="empty-state" role="alert">
        <h1>{t('builder.title')}</h1>
        <p>{errorMessage(t, resume.error)}</p>
      </div>
    );
  }
  return (
    <>
      <h1>{resume.data.title.trim() || t('resumes.untitled')}</h1>
      <ResumeEditor resume={resume.data} />
    </>
  );
}
