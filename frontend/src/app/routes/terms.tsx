import { Seo } from '../../features/public/index.ts';
import { TermsPage } from '../../features/public/terms-page.ts';

/** `/terms`: the Terms of Service. */
export function TermsRoute() {
  return (
    <>
      <Seo page="terms" />
      <TermsPage />
    </>
  );
}
