import { Seo } from '../../features/public/components/seo.tsx';
import { TermsPage } from '../../features/public/components/terms-page.tsx';

/** `/terms`: the Terms of Service. */
export function TermsRoute() {
  return (
    <>
      <Seo page="terms" />
      <TermsPage />
    </>
  );
}
