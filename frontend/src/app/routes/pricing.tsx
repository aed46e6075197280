import { useConfig } from '../../config/config-context.tsx';
import { PricingPage } from '../../features/public/components/pricing-page.tsx';
import { Seo } from '../../features/public/components/seo.tsx';
import { useAuth } from '../../lib/auth.tsx';

/** `/pricing`: the plans. */
export function PricingRoute() {
  const { state } = useAuth();
  const config = useConfig();
  return (
    <>
      <Seo page="pricing" />
      <PricingPage signedIn={state.status === 'signedIn'} coverLetter={config.features.coverLetter} />
    </>
  );
}
