import { PrivacyPage } from '../../features/public/components/privacy-page.tsx';
import { Seo } from '../../features/public/components/seo.tsx';

/** `/privacy-policy`. */
export function PrivacyPolicyRoute() {
  return (
    <>
      <Seo page="privacy" />
      <PrivacyPage />
    </>
  );
}
