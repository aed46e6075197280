import { useConfig } from '../../config/config-context.tsx';
import { PricingPage } from '../../features/public/components/pricing-page.tsx';
import { Seo } from '../../features/public/components/seo.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** `/pricing`: the plans, checkout, and the return from checkout (`?checkSubscription=true`). */
export function PricingRoute() {
  const { state } = useAuth();
  const config = useConfig();
  return (
    <PublicLayout>
      <Seo page="pricing" />
      <PricingPage
        signedIn={state.status === 'signedIn'}
        authLoading={state.status === 'loading'}
        coverLetter={config.features.coverLetter}
      />
    </PublicLayout>
  );
}
