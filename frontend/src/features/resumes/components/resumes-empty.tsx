import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resumeLanguageFor } from '#shared/resume';
import { sampleResumeEn, sampleResumePtBr } from '#shared/sample-resumes';
import { Icon } from '../../../components/icons.tsx';
import { PageThumbnail } from './page-thumbnail.tsx';

/**
 * No resumes yet: what will appear (a faded example resume, in the interface language) beside the two ways
 * to fill the page.
 */
export function ResumesEmpty({ headingId }: { headingId: string }) {
  const { t, i18n } = useTranslation();
  const example = resumeLanguageFor(i18n.language) === 'pt-BR' ? sampleResumePtBr : sampleResumeEn;
  return (
    <section className="resumes-empty" aria-labelledby={headingId}>
      <div className="resumes-empty__example">
        <PageThumbnail resume={example} className="resumes-empty__page" />
        <p className="resumes-empty__caption">{t('resumes.empty.example')}</p>
      </div>
      <div className="resumes-empty__start">
        <h2 id={headingId} className="resumes-empty__title">
          {t('resumes.empty.title')}
        </h2>
        <p className="muted">{t('resumes.empty.description')}</p>
        <ul className="resumes-empty__options">
          <li className="resumes-option">
            <Icon name="filePlus" className="resumes-option__icon" />
            <h3>{t('resumes.empty.scratch.title')}</h3>
            <p>{t('resumes.empty.scratch.description')}</p>
            <Link to="/new-resume" className="button button--primary">
              {t('resumes.empty.scratch.action')}
            </Link>
          </li>
          <li className="resumes-option">
            <Icon name="upload" className="resumes-option__icon" />
            <h3>{t('resumes.empty.upload.title')}</h3>
            <p>{t('resumes.empty.upload.description')}</p>
            <Link to="/upload-resume" className="button button--secondary">
              {t('resumes.empty.upload.action')}
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
