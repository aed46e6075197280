import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export type ComingSoonPage = 'coverLetter';

/** An honest placeholder for app pages whose feature is still being built: what it will do, nothing fake. */
export function ComingSoonRoute({ page }: { page: ComingSoonPage }) {
  const { t } = useTranslation();
  const title = t(`shell.pages.${page}`);
  useDocumentTitle(title);
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <span className="badge">
        <Icon name="clock" />
        {t('shell.comingSoon.badge')}
      </span>
      <h1 id="coming-soon-title">{title}</h1>
      <p>{t(`shell.comingSoon.pages.${page}`)}</p>
      <p className="muted">{t('shell.comingSoon.note')}</p>
      <Link to="/resumes" className="button button--secondary">
        {t('shell.comingSoon.back')}
      </Link>
    </section>
  );
}
