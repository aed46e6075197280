import { LandingPage, Seo } from '../../features/public/index.ts';
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
