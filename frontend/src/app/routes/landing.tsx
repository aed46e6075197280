import { LandingPage } from '../../features/public/components/landing-page.tsx';
import { Seo } from '../../features/public/components/seo.tsx';
import { useAuth } from '../../lib/auth.tsx';

/** `/`: the landing page. */
export function LandingRoute() {
  const { state } = useAuth();
  return (
    <>
      <Seo page="landing" />
      <LandingPage signedIn={state.status === 'signedIn'} />
    </>
  );
}
