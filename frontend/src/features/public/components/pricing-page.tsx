import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  FREE_AI_SUGGESTION_LIMIT,
  FREE_RESUME_LIMIT,
  hasProAccess,
  isCancelledButValid,
  type SubscriptionState,
} from '#shared/plans';
import { type Currency as BillingCurrency, currencyForHost, type PlanType } from '#shared/prices';
import { Icon } from '../../../components/icons.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { signInFor } from '../../../lib/auth-links.ts';
import { getMeQueryOptions } from '../../../lib/get-me.ts';
import type { SocketClient } from '../../../lib/socket-client.ts';
import { returnToFrom } from '../../../lib/upgrade-path.ts';
import {
  pageNavigation,
  startCheckout,
  useCheckoutVerification,
  type VerificationPhase,
} from '../../billing/index.ts';
import { formattedPrices, MONEY_BACK_GUARANTEE_DAYS, type PlanId, planIds } from '../lib/pricing.ts';
import { usePublicSite } from './use-public-site.ts';

type Props = {
  signedIn: boolean;
  /** The session is still being read (and always while prerendering). */
  authLoading?: boolean;
  coverLetter: boolean;
  /** Tests pass a fake; the page uses the app's shared socket otherwise. */
  socket?: SocketClient;
};

const planTypeOf: Record<Exclude<PlanId, 'free'>, PlanType> = {
  proMonthly: 'proSubscription',
  proLifetime: 'proLifetime',
};

/**
 * The plan the signed-in user is on, from /me: Pro (monthly or lifetime) while paid up, a cancelled plan
 * included until its end, else Free.
 */
export function currentPlanOf(subscription: SubscriptionState | null | undefined): PlanId {
  if (!subscription || !(hasProAccess(subscription) || isCancelledButValid(subscription))) return 'free';
  return subscription.subscriptionType === 'proLifetime' ? 'proLifetime' : 'proMonthly';
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The query /pricing is opened with when checkout sends the browser back. */
export const CHECK_SUBSCRIPTION_PARAM = 'checkSubscription';

/**
 * Three plan cards, the guarantee and a back button (spec sections 2, 6 and 9), checkout for signed-in
 * users, and the verification of a purchase when checkout returns here with `?checkSubscription=true`.
 * Prerendered: while the session is unknown it renders as for a visitor.
 */
export function PricingPage({ signedIn, authLoading = false, coverLetter, socket }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [search] = useSearchParams();
  const { currency: siteCurrency, language } = usePublicSite();
  const titleId = useId();

  // The currency the page shows is the one the server charges on this host (it decides, from the same
  // rule: BRL on a Brazilian host of the runtime config's list or a `.br` domain, USD everywhere else);
  // checkout sends only the plan.
  const host = typeof window === 'undefined' ? undefined : window.location.host;
  const chargeCurrency: BillingCurrency =
    siteCurrency === 'BRL' || currencyForHost(host) === 'brl' ? 'brl' : 'usd';
  const currency = chargeCurrency === 'brl' ? 'BRL' : 'USD';
  const prices = formattedPrices(currency, language);

  const me = useQuery({ ...getMeQueryOptions(), enabled: signedIn });
  const isPro = signedIn && me.data ? hasProAccess(me.data.subscription) : false;
  // Unknown (null) until /me answers, and for visitors: no card is marked then.
  const currentPlan = signedIn && me.data ? currentPlanOf(me.data.subscription) : null;

  const checkout = useMutation({
    mutationFn: startCheckout,
    // The browser leaves for the payment page; the button stays busy until it is gone.
    onSuccess: (url) => pageNavigation.assign(url),
    onError: (error) => {
      const already = error instanceof ApiError && (error.code as string) === 'ALREADY_PRO';
      if (already) void me.refetch();
      notify({
        title: already ? t('pricing.checkout.alreadyPro') : t('pricing.checkout.failed'),
        variant: already ? 'default' : 'destructive',
      });
    },
  });

  // The prerendered page knows no query: the first render (hydration) must not depend on it.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const checking = hydrated && search.get(CHECK_SUBSCRIPTION_PARAM) === 'true';
  // Where the upgrade started (the builder, its template dialog): checkout carries it there and back.
  const returnTo = hydrated ? returnToFrom(location.search) : null;
  const onFinish = useCallback(
    (phase: Exclude<VerificationPhase, 'idle' | 'verifying'>) => {
      if (phase === 'verified') {
        notify({ title: t('pricing.verify.success'), description: t('pricing.verify.successDescription') });
        // The purchase is confirmed: back where the upgrade started, or the query goes, so a reload does
        // not verify again.
        navigate(returnTo ?? { pathname: location.pathname, search: '' }, { replace: true });
      } else if (phase === 'pending') {
        notify({ title: t('pricing.verify.pending') });
      } else {
        notify({ title: t('pricing.verify.failed'), variant: 'destructive' });
      }
    },
    [navigate, notify, t, location.pathname, returnTo],
  );
  const verification = useCheckoutVerification({ active: checking && signedIn, socket, onFinish });
  const verifying =
    checking && (authLoading || (signedIn && (verification === 'idle' || verification === 'verifying')));

  const free = [
    t('pricing.plans.free.features.resumes', { count: FREE_RESUME_LIMIT }),
    t('pricing.plans.free.features.suggestions', { count: FREE_AI_SUGGESTION_LIMIT }),
    t('pricing.plans.free.features.preview'),
    t('pricing.plans.free.features.support'),
  ];
  const pro = [
    t('pricing.plans.pro.features.resumes'),
    t('pricing.plans.pro.features.templates'),
    t('pricing.plans.pro.features.suggestions'),
    t('pricing.plans.pro.features.coach'),
    t('pricing.plans.pro.features.download'),
    t('pricing.plans.pro.features.support'),
    // Cover letters are switched off by a feature flag; their Pro extras are only listed when they exist.
    ...(coverLetter ? [t('pricing.plans.pro.features.coverLetters')] : []),
  ];
  const featuresOf = (plan: PlanId) => (plan === 'free' ? free : pro);

  return (
    <div className="pricing">
      <button
        type="button"
        className="button button--ghost back-button"
        // The first page of a visit has key 'default': there is nothing in the app to go back to.
        onClick={() => (location.key === 'default' ? navigate('/') : navigate(-1))}
      >
        <Icon name="arrowLeft" />
        {t('pricing.back')}
      </button>
      <header className="pricing__header">
        <h1 id={titleId}>{t('pricing.title')}</h1>
        <p className="muted">{t('pricing.subtitle')}</p>
      </header>
      <VerificationStatus phase={checking ? (verifying ? 'verifying' : verification) : 'idle'} />
      {isPro && !checking ? (
        <p className="form-notice pricing__pro">
          <span>
            {t('pricing.actions.alreadyPro')}. <Link to="/subscription">{t('pricing.actions.manage')}</Link>
          </span>
        </p>
      ) : null}
      <ul className="plans" aria-labelledby={titleId}>
        {planIds.map((plan) => {
          const nameId = `${titleId}-${plan}`;
          const current = plan === currentPlan;
          return (
            <li
              key={plan}
              className={`plan${plan === 'free' ? '' : ' plan--pro'}${current ? ' plan--current' : ''}`}
            >
              <div className="plan__heading">
                <h2 id={nameId} className="plan__name">
                  {t(`pricing.plans.${plan}.name`)}
                </h2>
                {current ? (
                  <span className="badge plan__current" data-testid="current-plan">
                    {t('pricing.yourPlan')}
                  </span>
                ) : null}
              </div>
              <p className="plan__price">
                <span className="plan__amount" data-testid={`price-${plan}`}>
                  {prices[plan]}
                </span>{' '}
                <span className="plan__period">{t(`pricing.periods.${plan}`)}</span>
              </p>
              <p className="plan__description">{t(`pricing.plans.${plan}.description`)}</p>
              <ul
                className="plan__features"
                aria-label={t('pricing.featuresLabel', { plan: t(`pricing.plans.${plan}.name`) })}
              >
                {featuresOf(plan).map((feature) => (
                  <li key={feature}>
                    <Icon name="check" />
                    {feature}
                  </li>
                ))}
              </ul>
              {plan === 'free' ? (
                <FreeAction signedIn={signedIn} />
              ) : current ? (
                // The plan the user pays for: where to manage it, not a disabled purchase button.
                <Link to="/subscription" className="button button--secondary button--block">
                  {t('pricing.actions.manage')}
                </Link>
              ) : (
                <ProAction
                  signedIn={signedIn}
                  isPro={isPro}
                  processing={checkout.isPending || checkout.isSuccess}
                  processingThis={
                    (checkout.isPending || checkout.isSuccess) &&
                    checkout.variables?.planType === planTypeOf[plan]
                  }
                  verifying={verifying}
                  label={
                    plan === 'proMonthly' ? t('pricing.actions.buyMonthly') : t('pricing.actions.buyLifetime')
                  }
                  describedBy={nameId}
                  onBuy={() =>
                    checkout.mutate({
                      planType: planTypeOf[plan],
                      ...(returnTo ? { returnPath: returnTo } : {}),
                    })
                  }
                />
              )}
            </li>
          );
        })}
      </ul>
      <p className="pricing__guarantee">
        <Icon name="shield" />
        {t('pricing.guarantee', { days: MONEY_BACK_GUARANTEE_DAYS })}
      </p>
      <p className="muted pricing__currency">{t('pricing.currencyNote', { currency })}</p>
    </div>
  );
}

/** The state of a purchase being confirmed, announced to screen readers. */
function VerificationStatus({ phase }: { phase: VerificationPhase }) {
  const { t } = useTranslation();
  if (phase === 'verifying')
    return (
      <p className="form-notice pricing__verify" role="status">
        {/* One line: the notice lays its children out in a column. */}
        <span>
          <span className="spinner spinner--inline" aria-hidden="true" /> {t('pricing.verify.verifying')}
        </span>
      </p>
    );
  if (phase === 'pending')
    return (
      <div className="form-notice pricing__verify" role="status">
        <p>{t('pricing.verify.pending')}</p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {t('pricing.verify.refresh')}
        </button>
      </div>
    );
  if (phase === 'failed')
    return (
      <p className="form-error pricing__verify" role="alert">
        {t('pricing.verify.failed')}
      </p>
    );
  return null;
}

function FreeAction({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return signedIn ? (
    <Link to="/resumes" className="button button--secondary button--block">
      {t('pricing.actions.goToResumes')}
    </Link>
  ) : (
    <Link to={signInFor('/pricing')} className="button button--secondary button--block">
      {t('pricing.actions.startFree')}
    </Link>
  );
}

/** Checkout requires sign-in (spec section 6); disabled when already Pro, while processing or verifying. */
function ProAction({
  signedIn,
  isPro,
  processing,
  processingThis,
  verifying,
  label,
  describedBy,
  onBuy,
}: {
  signedIn: boolean;
  isPro: boolean;
  processing: boolean;
  processingThis: boolean;
  verifying: boolean;
  label: string;
  describedBy: string;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  if (!signedIn && !verifying)
    return (
      <Link to={signInFor('/pricing')} className="button button--primary button--block">
        {t('pricing.actions.signInToUpgrade')}
      </Link>
    );
  let text = label;
  if (verifying) text = t('pricing.actions.verifying');
  else if (isPro) text = t('pricing.actions.alreadyPro');
  else if (processingThis) text = t('pricing.actions.processing');
  return (
    <button
      type="button"
      className="button button--primary button--block"
      disabled={isPro || processing || verifying}
      aria-busy={processingThis || verifying || undefined}
      aria-describedby={describedBy}
      onClick={onBuy}
    >
      {processingThis || verifying ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {text}
    </button>
  );
}
