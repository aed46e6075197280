import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading.tsx';
import { useFeatureFlag } from '../../features/flags/index.ts';
import { Seo } from '../../features/public/index.ts';
import { PricingPage } from '../../features/public/pricing-page.ts';
import { useAuth } from '../../lib/auth.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

// The app layout is app-only code: visitors comparing plans never download it.
const AppLayout = lazy(async () => ({ default: (await import('../layouts/app-layout.tsx')).AppLayout }));

/**
 * `/pricing`: the plans, checkout, and the return from checkout (`?checkSubscription=true`). Like `/faq`, it
 * lives in both layouts: the app layout for signed-in users (who keep their sidebar), the public one otherwise
 * (and while the session is read, which is also what prerendering produces).
 */
export function PricingRoute() {
  const { state } = useAuth();
  // Cover letters are listed among Pro's extras only while their flag is on (null while loading: not yet).
  const coverLetter = useFeatureFlag('coverLetter') === true;
  const page = (
    <>
      <Seo page="pricing" />
      <PricingPage
        signedIn={state.status === 'signedIn'}
        authLoading={state.status === 'loading'}
        coverLetter={coverLetter}
      />
    </>
  );
  if (state.status !== 'signedIn') return <PublicLayout>{page}</PublicLayout>;
  return (
    <Suspense fallback={<Loading />}>
      <AppLayout>{page}</AppLayout>
    </Suspense>
  );
}
