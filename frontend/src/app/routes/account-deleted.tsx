import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons.tsx';
import { deletedAccountEmail } from '../../features/account/account-deleted.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../features/account/components/account-deleted.css';

/**
 * /account-deleted: where the user lands once their account is gone. It says so, names the address, says
 * what went with it (and that any subscription stopped), and offers the ways on: a new account or home.
 */
export function AccountDeletedRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.deleted.title'));
  const email = deletedAccountEmail();
  return (
    <section className="card card--narrow account-deleted" aria-labelledby="account-deleted-title">
      <span className="account-deleted__icon" aria-hidden="true">
        <Icon name="check" />
      </span>
      <h1 id="account-deleted-title">{t('account.deleted.title')}</h1>
      {email ? <p className="account-deleted__email">{email}</p> : null}
      <p>{t('account.deleted.description')}</p>
      <ul className="account-deleted__list">
        <li>{t('account.deleted.items.resumes')}</li>
        <li>{t('account.deleted.items.billing')}</li>
        <li>{t('account.deleted.items.signIn')}</li>
      </ul>
      <p className="muted">{t('account.deleted.goodbye')}</p>
      <div className="account-deleted__actions">
        <Link to="/" className="button button--secondary">
          {t('account.deleted.home')}
        </Link>
        <Link to="/auth?view=sign-up" className="button button--primary">
          {t('account.deleted.signUp')}
        </Link>
      </div>
    </section>
  );
}
