import { useTranslation } from 'react-i18next';
import { SubscriptionPage } from '../../features/billing/subscription-page.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../features/billing/components/billing.css';

/** /subscription: subscription management (sign-in required). */
export function SubscriptionRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('billing.title'));
  return <SubscriptionPage />;
}
