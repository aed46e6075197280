import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type BillingInfo,
  formatPrice,
  MONEY_BACK_GUARANTEE_DAYS,
  type SubscriptionView,
} from '#shared/billing';
import { FREE_AI_SUGGESTION_LIMIT, FREE_RESUME_LIMIT } from '#shared/plans';
import { Dialog } from '../../../components/dialog.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  usePortal,
  useReactivateSubscription,
  useRequestRefund,
  useSubscriptionQuery,
  useSyncSubscription,
} from '../api/billing.ts';
import { accessUntil, daysUntil, formatDate, type LifecycleState, lifecycleState } from '../lib/lifecycle.ts';
import { pageNavigation } from '../lib/redirect.ts';
import { CancelForm, CancelledNotice } from './cancel-form.tsx';

/** The sentence that says where the subscription stands (spec section 4's lifecycle). */
export function statusText(
  t: TFunction,
  state: LifecycleState,
  view: SubscriptionView,
  language: string,
): string {
  const until = accessUntil(view);
  const date = until ? formatDate(until, language) : '';
  switch (state) {
    case 'free':
      return t('billing.status.free', {
        resumes: t('billing.status.freeResumes', { count: FREE_RESUME_LIMIT }),
        suggestions: t('billing.status.freeSuggestions', { count: FREE_AI_SUGGESTION_LIMIT }),
      });
    case 'cancelPending':
      return t('billing.status.cancelPending', { date });
    case 'cancelledValid':
      return t('billing.status.cancelledValid', { date });
    case 'pending':
      return t('billing.status.pending');
    case 'active':
      return t('billing.status.active');
    case 'lifetime':
      return t('billing.status.lifetime');
    case 'gracePeriod':
      return t('billing.status.gracePeriod');
  }
}

/**
 * /subscription: the plan and where it stands, the next payment, cancellation (reason, details,
 * confirmation), reactivation, the billing portal, the money-back guarantee, billing info (Pro only) and
 * a sync with the payment provider.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const query = useSubscriptionQuery();

  let body: ReactNode;
  if (query.isPending)
    body = (
      <p className="muted billing-loading" role="status">
        <span className="spinner spinner--inline" aria-hidden="true" />
        {t('billing.loading')}
      </p>
    );
  else if (query.isError)
    body = (
      <div className="form-error" role="alert">
        <p>{t('billing.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('billing.retry')}
        </button>
      </div>
    );
  else body = <SubscriptionDetails view={query.data.subscription} billingInfo={query.data.billingInfo} />;

  return (
    <div className="stack billing">
      <div>
        <h1>{t('billing.title')}</h1>
        <p className="muted">{t('billing.description')}</p>
      </div>
      {body}
    </div>
  );
}

function SubscriptionDetails({
  view,
  billingInfo,
}: {
  view: SubscriptionView;
  billingInfo: BillingInfo | null;
}) {
  const { t, i18n } = useTranslation();
  const state = lifecycleState(view);
  const [cancelled, setCancelled] = useState<SubscriptionView | null>(null);
  const cancelledRef = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const until = accessUntil(view);
  const paid = view.hasProAccess || view.cancelledButValid;
  const planName = t(
    `billing.plans.${paid && view.subscriptionType === 'proLifetime' ? 'proLifetime' : paid ? 'proSubscription' : 'free'}`,
  );

  useEffect(() => {
    if (cancelled) cancelledRef.current?.querySelector<HTMLElement>('[role="status"]')?.focus();
  }, [cancelled]);

  return (
    <>
      <SettingsSection title={planName}>
        {/* On the Free plan the card's title already says "Free": a badge would repeat it. */}
        {state === 'free' ? null : (
          <span className={`badge billing-badge billing-badge--${state}`} data-testid="subscription-state">
            {t(`billing.badges.${state}`)}
          </span>
        )}
        <p className="billing-status" data-testid="subscription-status">
          {statusText(t, state, view, language)}
        </p>
        {state === 'cancelPending' || state === 'cancelledValid' ? (
          until ? (
            <p className="muted">{t('billing.daysLeft', { count: daysUntil(until) })}</p>
          ) : null
        ) : null}
        <Facts view={view} state={state} />
        {state === 'free' ? (
          <div>
            <Link to="/pricing" className="button button--primary">
              {t('billing.upgrade')}
            </Link>
          </div>
        ) : null}
        {/* Inside the plan's card, aligned with its text: it acts on the plan shown above. */}
        <Sync />
      </SettingsSection>

      {cancelled && state !== 'active' ? (
        <div ref={cancelledRef}>
          <CancelledNotice view={view} />
        </div>
      ) : null}

      {view.canReactivate ? <Reactivate /> : null}

      {view.hasBillingAccount ? <Portal /> : null}

      {view.refundable ? <Refund /> : null}

      {paid && billingInfo ? <BillingInfoSection info={billingInfo} /> : null}

      {view.renews && !view.cancelPending ? (
        <SettingsSection
          title={t('billing.cancel.title')}
          description={t('billing.cancel.description')}
          tone="danger"
        >
          <CancelForm view={view} onCancelled={setCancelled} />
        </SettingsSection>
      ) : null}
    </>
  );
}

function Facts({ view, state }: { view: SubscriptionView; state: LifecycleState }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows: [string, string][] = [];
  if (state === 'active' || state === 'gracePeriod') {
    if (view.nextPaymentDate) {
      const date = formatDate(view.nextPaymentDate, language);
      rows.push([
        t('billing.facts.nextPayment'),
        view.nextPaymentAmount !== null && view.currency
          ? t('billing.facts.nextPaymentValue', {
              amount: formatPrice(view.nextPaymentAmount, view.currency, language),
              date,
            })
          : date,
      ]);
    }
  }
  if (state === 'lifetime') rows.push([t('billing.facts.renewal'), t('billing.facts.noRenewal')]);
  if (state === 'cancelPending' || state === 'cancelledValid') {
    const until = accessUntil(view);
    if (until) rows.push([t('billing.facts.accessUntil'), formatDate(until, language)]);
    if (
      view.canReactivate &&
      view.canReactivateUntil &&
      (!until || formatDate(view.canReactivateUntil, language) !== formatDate(until, language))
    )
      rows.push([t('billing.facts.reactivateUntil'), formatDate(view.canReactivateUntil, language)]);
  }
  if (rows.length === 0) return null;
  return (
    <dl className="billing-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Reactivate() {
  const { t } = useTranslation();
  const notify = useNotify();
  const reactivate = useReactivateSubscription();
  return (
    <SettingsSection title={t('billing.reactivate.title')} description={t('billing.reactivate.description')}>
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={reactivate.isPending}
          aria-busy={reactivate.isPending || undefined}
          // Awaited rather than per-call callbacks: the section unmounts once the plan is active again.
          onClick={async () => {
            try {
              await reactivate.mutateAsync();
              notify({ title: t('billing.reactivate.done') });
            } catch (error) {
              notify({ title: errorMessage(t, error), variant: 'destructive' });
            }
          }}
        >
          {reactivate.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('billing.reactivate.action')}
        </button>
      </div>
    </SettingsSection>
  );
}

function Portal() {
  const { t } = useTranslation();
  const notify = useNotify();
  const portal = usePortal();
  const busy = portal.isPending || portal.isSuccess;
  return (
    <SettingsSection title={t('billing.portal.title')} description={t('billing.portal.description')}>
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() =>
            portal.mutate(
              { returnPath: '/subscription' },
              {
                onSuccess: (url) => pageNavigation.assign(url),
                onError: () => notify({ title: t('billing.portal.failed'), variant: 'destructive' }),
              },
            )
          }
        >
          {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
          {t('billing.portal.action')}
        </button>
      </div>
    </SettingsSection>
  );
}

function Refund() {
  const { t } = useTranslation();
  const notify = useNotify();
  const refund = useRequestRefund();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <SettingsSection
      title={t('billing.refund.title')}
      description={t('billing.refund.description', { count: MONEY_BACK_GUARANTEE_DAYS })}
    >
      <div>
        <button ref={opener} type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('billing.refund.action')}
        </button>
      </div>
      <Dialog
        open={open}
        title={t('billing.refund.confirmTitle')}
        description={t('billing.refund.confirmDescription')}
        confirmLabel={t('billing.refund.confirm')}
        cancelLabel={t('billing.cancel.keep')}
        busy={refund.isPending}
        // Awaited: once refunded the section unmounts, and per-call callbacks would not run.
        onConfirm={async () => {
          try {
            await refund.mutateAsync();
            setOpen(false);
            notify({ title: t('billing.refund.done') });
          } catch (error) {
            setOpen(false);
            opener.current?.focus();
            notify({ title: errorMessage(t, error), variant: 'destructive' });
          }
        }}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      />
    </SettingsSection>
  );
}

function BillingInfoSection({ info }: { info: BillingInfo }) {
  const { t } = useTranslation();
  const address = [
    info.addressLine1,
    info.addressLine2,
    [info.addressPostalCode, info.addressCity].filter(Boolean).join(' '),
    info.addressState,
    info.addressCountry,
  ].filter((part): part is string => Boolean(part));
  const rows: [string, string][] = [];
  if (info.name) rows.push([t('billing.info.name'), info.name]);
  if (info.email) rows.push([t('billing.info.email'), info.email]);
  if (address.length) rows.push([t('billing.info.address'), address.join(', ')]);
  return (
    <SettingsSection title={t('billing.info.title')}>
      {rows.length ? (
        <dl className="billing-facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{t('billing.info.none')}</p>
      )}
    </SettingsSection>
  );
}

function Sync() {
  const { t } = useTranslation();
  const notify = useNotify();
  const sync = useSyncSubscription();
  return (
    <div className="billing-sync">
      <p className="muted">{t('billing.sync.description')}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={sync.isPending}
        aria-busy={sync.isPending || undefined}
        onClick={() =>
          sync.mutate(undefined, {
            onSuccess: (result) =>
              notify(
                result.synced
                  ? { title: t('billing.sync.done') }
                  : { title: t('billing.sync.notSynced'), variant: 'destructive' },
              ),
            onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
          })
        }
      >
        {sync.isPending ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
        {t('billing.sync.action')}
      </button>
    </div>
  );
}
