import { useTranslation } from 'react-i18next';
import {
  AccountInfoForm,
  ChangePasswordSection,
  DeleteAccount,
  LanguageSection,
  NotificationPreferences,
  PlanUsage,
  SocialConnections,
} from '../../features/account/account-settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../features/account/components/account-settings.css';

/**
 * /account-settings: plan and usage, account information (with the language), password, social connections,
 * e-mail, danger zone.
 */
export function AccountSettingsRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  return (
    <div className="stack account-settings">
      <div>
        <h1>{t('account.title')}</h1>
        <p className="muted">{t('account.description')}</p>
      </div>
      <PlanUsage />
      <AccountInfoForm />
      <LanguageSection />
      <ChangePasswordSection />
      <SocialConnections />
      <NotificationPreferences />
      <DeleteAccount />
    </div>
  );
}
