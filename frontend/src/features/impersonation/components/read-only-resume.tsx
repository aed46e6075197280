import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ImpersonationSession } from '#shared/admin';
import { Icon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { ResumePreview } from '../../preview/index.ts';
import { usePhotoSrc, useResume } from '../../resumes/index.ts';
import './read-only-resume.css';

/**
 * /builder while staff view the app as a user: the resume drawn by the builder's own preview, to look at.
 * No editor, so no autosave to fail against the read-only session; the banner above says read-only once.
 */
export function ReadOnlyResume({ id, session }: { id: string | null; session: ImpersonationSession }) {
  const { t } = useTranslation();
  const back = (
    <Link to="/resumes" className="back-link">
      <Icon name="arrowLeft" />
      {t('shell.impersonation.builder.back')}
    </Link>
  );
  if (!id) {
    return (
      <div className="stack read-only-resume">
        {back}
        <div className="empty-state">
          <p className="empty-state__title">{t('shell.impersonation.builder.noResume')}</p>
        </div>
      </div>
    );
  }
  return <Loaded id={id} back={back} session={session} />;
}

function Loaded({ id, back, session }: { id: string; back: ReactNode; session: ImpersonationSession }) {
  const { t } = useTranslation();
  const resume = useResume(id);
  const photoSrc = usePhotoSrc(resume.data?.personalInfo.photo ?? '');
  if (resume.isPending) return <Loading label={t('builder.loading')} />;
  if (resume.isError) {
    return (
      <div className="stack read-only-resume">
        {back}
        <div className="empty-state" role="alert">
          <p className="empty-state__title">{errorMessage(t, resume.error)}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="stack read-only-resume">
      {back}
      <header className="read-only-resume__head">
        <div>
          <h1>{resume.data.title}</h1>
          <p className="muted">
            {t('shell.impersonation.builder.owner', { name: session.targetName || session.targetEmail })}
          </p>
        </div>
        <span className="badge read-only-resume__badge">
          <Icon name="lock" />
          {t('shell.impersonation.builder.readOnly')}
        </span>
      </header>
      <div className="read-only-resume__preview">
        <ResumePreview
          resume={resume.data}
          zoom="fit"
          label={t('shell.impersonation.builder.preview')}
          {...(photoSrc ? { photoSrc } : {})}
        />
      </div>
    </div>
  );
}
