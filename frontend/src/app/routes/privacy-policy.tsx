import { Seo } from '../../features/public/index.ts';
import { PrivacyPage } from '../../features/public/privacy-page.ts';

/** `/privacy-policy`. */
export function PrivacyPolicyRoute() {
  return (
    <>
      <Seo page="privacy" />
      <PrivacyPage />
    </>
  );
}
