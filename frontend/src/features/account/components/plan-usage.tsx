import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasPaidAccess } from '#shared/plans';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { UsageMeter } from '../../../components/usage-meter.tsx';
import { type Me, type UsageCounter, useMe } from '../../../lib/get-me.ts';

/** "2 of 3 resumes used" on the Free plan, "4 resumes · unlimited" with paid access. */
function ResumeUsage({ counter }: { counter: UsageCounter }) {
  const { t } = useTranslation();
  const { used, limit } = counter;
  return (
    <div className="plan-usage__item">
      <dt>{t('account.plan.resumes')}</dt>
      <dd>
        {limit === null
          ? t('account.plan.resumesUnlimited', { count: used })
          : t('account.plan.resumesUsage', { used, count: limit })}
        {limit === null ? null : <UsageMeter used={used} limit={limit} />}
      </dd>
    </div>
  );
}

/** "2 of 3 AI suggestions used" on the Free plan, "Unlimited" with paid access (spec section 6). */
function AiUsage({ counter }: { counter: UsageCounter }) {
  const { t } = useTranslation();
  const { used, limit } = counter;
  return (
    <div className="plan-usage__item">
      <dt>{t('account.plan.aiSuggestions')}</dt>
      <dd>
        {limit === null ? t('account.plan.aiUnlimited') : t('account.plan.aiUsage', { used, count: limit })}
        {limit === null ? null : <UsageMeter used={used} limit={limit} />}
      </dd>
    </div>
  );
}

/** One line on a paid plan: how it renews or when it ends (details on /subscription). */
function PlanSummary({ subscription }: { subscription: Me['subscription'] }) {
  const { t, i18n } = useTranslation();
  if (!subscription) return null;
  const date = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(value));
  const cancelled =
    subscription.status === 'cancelled' ||
    Boolean(subscription.canReactivateUntil) ||
    Boolean(subscription.cancellationEffectiveDate);
  let text: string | null = null;
  if (subscription.subscriptionType === 'proLifetime') text = t('account.plan.summaryLifetime');
  else if (subscription.status === 'gracePeriod') text = t('account.plan.summaryGrace');
  else if (cancelled && subscription.validUntil)
    text = t('account.plan.summaryEnds', { date: date(subscription.validUntil) });
  else if (subscription.validUntil)
    text = t('account.plan.summaryRenews', { date: date(subscription.validUntil) });
  return text ? (
    <dd className="muted" data-testid="plan-summary">
      {text}
    </dd>
  ) : null;
}

/** The plan (Free or Pro, from the subscription) and usage of resumes and AI suggestions. */
export function PlanUsage() {
  const { t } = useTranslation();
  const me = useMe();

  let body: ReactNode;
  if (me.isPending) body = <p className="muted">{t('app.loading')}</p>;
  else if (me.isError)
    body = (
      <div className="form-error" role="alert">
        <p>{t('account.plan.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void me.refetch()}>
          {t('account.retry')}
        </button>
      </div>
    );
  else {
    // Pro also covers a cancelled plan that is paid up until its end date; an admin's role gives it all.
    const pro = hasPaidAccess(me.data.subscription, null);
    const staff = !pro && hasPaidAccess(me.data.subscription, me.data.role);
    body = (
      <>
        <dl className="plan-usage">
          <div className="plan-usage__item">
            <dt>{t('account.plan.current')}</dt>
            <dd>
              <strong className={pro || staff ? 'plan-badge plan-badge--pro' : 'plan-badge'}>
                {pro ? t('account.plan.pro') : staff ? t('account.plan.staff') : t('account.plan.free')}
              </strong>
            </dd>
            {pro ? <PlanSummary subscription={me.data.subscription} /> : null}
            {staff ? <dd className="muted">{t('account.plan.staffSummary')}</dd> : null}
          </div>
          <ResumeUsage counter={me.data.usage.resumes} />
          <AiUsage counter={me.data.usage.aiSuggestions} />
        </dl>
        {staff ? null : (
          <Link to={pro ? '/subscription' : '/pricing'} className="button button--secondary">
            {pro ? t('account.plan.manage') : t('account.plan.upgrade')}
          </Link>
        )}
      </>
    );
  }

  return <SettingsSection title={t('account.plan.title')}>{body}</SettingsSection>;
}
