import { Loading } from '../../components/loading.tsx';

/** Placeholder until the auth and account work lands; the route itself is wired in the router. */
export function ResetPasswordRoute() {
  return <Loading />;
}
