import { useTranslation } from 'react-i18next';
import { AccountInfoForm } from '../../features/account/components/account-info-form.tsx';
import { ChangePasswordSection } from '../../features/account/components/change-password.tsx';
import { DeleteAccount } from '../../features/account/components/delete-account.tsx';
import { LanguageSection } from '../../features/account/components/language-section.tsx';
import { NotificationPreferences } from '../../features/account/components/notification-preferences.tsx';
import { PlanUsage } from '../../features/account/components/plan-usage.tsx';
import { SocialConnections } from '../../features/account/components/social-connections.tsx';
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
