import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import './resumes.css';

/** The Free plan's resumes are all used: what that means and the way on, Upgrade to Pro (/pricing). */
export function ResumeLimit({ limit, children }: { limit: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  const titleId = useId();
  return (
    <section className="empty-state resume-limit" aria-labelledby={titleId}>
      <h1 id={titleId} className="empty-state__title" tabIndex={-1}>
        {t('resumes.limit.title')}
      </h1>
      <p>{t('resumes.limit.description', { limit })}</p>
      <div className="resume-limit__actions">
        <Link to={upgradeTo} className="button button--primary">
          {t('resumes.upgrade')}
        </Link>
        {children}
      </div>
    </section>
  );
}
