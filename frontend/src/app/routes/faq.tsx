import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading.tsx';
import { FaqPage } from '../../features/public/faq-page.ts';
import { Seo } from '../../features/public/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

// The app layout is app-only code: visitors reading the FAQ never download it.
const AppLayout = lazy(async () => ({ default: (await import('../layouts/app-layout.tsx')).AppLayout }));

/**
 * `/faq` exists in both layouts (spec section 2): the app layout for signed-in users, the public one
 * otherwise (and while the session is read, which is also what prerendering produces).
 */
export function FaqRoute() {
  const { state } = useAuth();
  const page = (
    <>
      <Seo page="faq" />
      <FaqPage />
    </>
  );
  if (state.status !== 'signedIn') return <PublicLayout>{page}</PublicLayout>;
  return (
    <Suspense fallback={<Loading />}>
      <AppLayout>{page}</AppLayout>
    </Suspense>
  );
}
