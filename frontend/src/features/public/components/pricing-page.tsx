import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FREE_AI_SUGGESTION_LIMIT, FREE_RESUME_LIMIT } from '#shared/plans';
import { Icon } from '../../../components/icons.tsx';
import { signInFor } from '../../shell/lib/auth-links.ts';
import { MONEY_BACK_GUARANTEE_DAYS, type PlanId, planIds } from '../lib/pricing.ts';
import { usePublicSite } from './use-public-site.ts';

type Props = { signedIn: boolean; coverLetter: boolean };

/** Three plan cards, the guarantee and a back button (spec sections 2, 6 and 9). Checkout comes later. */
export function PricingPage({ signedIn, coverLetter }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { currency, prices } = usePublicSite();
  const titleId = useId();

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
      <ul className="plans" aria-labelledby={titleId}>
        {planIds.map((plan) => {
          const nameId = `${titleId}-${plan}`;
          return (
            <li key={plan} className={plan === 'free' ? 'plan' : 'plan plan--pro'}>
              <h2 id={nameId} className="plan__name">
                {t(`pricing.plans.${plan}.name`)}
              </h2>
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
              <PlanAction plan={plan} signedIn={signedIn} />
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

function PlanAction({ plan, signedIn }: { plan: PlanId; signedIn: boolean }) {
  const { t } = useTranslation();
  if (plan === 'free') {
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
  // Checkout requires sign-in (spec section 6); the payment flow itself arrives in a later release.
  return signedIn ? (
    <button type="button" className="button button--primary button--block" disabled>
      {t('pricing.actions.checkoutSoon')}
    </button>
  ) : (
    <Link to={signInFor('/pricing')} className="button button--primary button--block">
      {t('pricing.actions.signInToUpgrade')}
    </Link>
  );
}
