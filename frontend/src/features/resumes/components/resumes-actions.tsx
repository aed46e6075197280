import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/icons.tsx';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { ImportJsonResumeButton } from './import-json-resume-button.tsx';

/**
 * The ways to add a resume. At the Free plan's limit each of them would be refused, so they are shown
 * disabled (still visible, so the user learns they exist) next to the way out: Upgrade to Pro.
 */
export function ResumesActions({ atLimit }: { atLimit: boolean }) {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  return (
    <div className="resumes-actions">
      {atLimit ? (
        <div className="resumes-actions__limit">
          <p>{t('resumes.atLimit')}</p>
          <Link to={upgradeTo} className="button button--primary">
            {t('resumes.upgrade')}
          </Link>
        </div>
      ) : null}
      <div className="resumes-actions__buttons">
        {atLimit ? (
          <>
            <button type="button" className="button button--secondary" disabled>
              <Icon name="filePlus" />
              {t('resumes.create')}
            </button>
            <button type="button" className="button button--secondary" disabled>
              <Icon name="upload" />
              {t('resumes.upload')}
            </button>
          </>
        ) : (
          <>
            <Link to="/new-resume" className="button button--primary">
              <Icon name="filePlus" />
              {t('resumes.create')}
            </Link>
            <Link to="/upload-resume" className="button button--secondary">
              <Icon name="upload" />
              {t('resumes.upload')}
            </Link>
          </>
        )}
        <ImportJsonResumeButton disabled={atLimit} />
      </div>
    </div>
  );
}
