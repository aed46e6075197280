import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '#shared/billing';
import { subscriptionStatuses } from '#shared/billing';
import type { Permission } from '#shared/permissions';
import { Dialog } from '../../../../components/dialog.tsx';
import { useNotify } from '../../../../components/notices.tsx';
import { errorMessage } from '../../../../lib/error-message.ts';
import { type SubscriptionAction, useSubscriptionAction } from '../../api/user-subscription.ts';
import { useFormat } from '../../lib/format.ts';

/** The user's subscription as billing has it, with sync, cancel and refund where the caller may. */
export function SubscriptionCard({
  userId,
  subscription,
  can,
}: {
  userId: string;
  subscription: SubscriptionView | null;
  /** The caller's permissions on this user (none that change anything when the user is not below them). */
  can: (permission: Permission) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const act = useSubscriptionAction(userId);
  const [confirm, setConfirm] = useState<Exclude<SubscriptionAction, 'sync'> | null>(null);
  const toasts = { sync: 'synced', cancel: 'cancelled', refund: 'refunded' } as const;

  function run(action: SubscriptionAction) {
    act.mutate(action, {
      onSuccess: () => notify({ title: t(`admin.user.toasts.${toasts[action]}`) }),
      onError: (error) => notify({ title: errorMessage(t, error), variant: 'destructive' }),
      onSettled: () => setConfirm(null),
    });
  }

  const status = subscription?.status;
  const money =
    subscription?.nextPaymentAmount != null && subscription.currency
      ? new Intl.NumberFormat(i18n.language, {
          style: 'currency',
          currency: subscription.currency.toUpperCase(),
        })
      : null;

  return (
    <section className="card stack-small" aria-labelledby="admin-subscription-title">
      <h3 id="admin-subscription-title">{t('admin.user.subscription')}</h3>
      {!subscription?.subscriptionType ? (
        <p className="muted">{t('admin.user.noSubscription')}</p>
      ) : (
        <dl className="facts">
          <div>
            <dt>{t('admin.users.columns.plan')}</dt>
            <dd>{t(`admin.plans.${subscription.plan}`)}</dd>
          </div>
          {status ? (
            <div>
              <dt>{t('admin.user.subscriptionStatus')}</dt>
              <dd>
                {(subscriptionStatuses as readonly string[]).includes(status)
                  ? t(`admin.user.subscriptionStatuses.${status as (typeof subscriptionStatuses)[number]}`)
                  : status}
              </dd>
            </div>
          ) : null}
          {subscription.validUntil ? (
            <div>
              <dt>{t('admin.user.validUntil')}</dt>
              <dd>{format.date(subscription.validUntil)}</dd>
            </div>
          ) : null}
          {subscription.nextPaymentDate ? (
            <div>
              <dt>{t('admin.user.nextPayment')}</dt>
              <dd>
                {format.date(subscription.nextPaymentDate)}
                {money && subscription.nextPaymentAmount != null
                  ? ` · ${money.format(subscription.nextPaymentAmount)}`
                  : ''}
              </dd>
            </div>
          ) : null}
          {subscription.cancellationEffectiveDate ? (
            <div>
              <dt>{t('admin.user.cancellation')}</dt>
              <dd>{format.date(subscription.cancellationEffectiveDate)}</dd>
            </div>
          ) : null}
          {subscription.disputedAt ? (
            <div>
              <dt>{t('admin.user.disputed')}</dt>
              <dd>{format.date(subscription.disputedAt)}</dd>
            </div>
          ) : null}
        </dl>
      )}
      {subscription ? (
        <div className="actions">
          {can('subscriptions:edit') && subscription.hasBillingAccount ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={act.isPending}
              onClick={() => run('sync')}
            >
              {t('admin.user.sync')}
            </button>
          ) : null}
          {can('subscriptions:cancel') && subscription.renews && !subscription.cancelPending ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={act.isPending}
              onClick={() => setConfirm('cancel')}
            >
              {t('admin.user.cancelSubscription')}
            </button>
          ) : null}
          {can('subscriptions:refund') && subscription.refundable ? (
            <button
              type="button"
              className="button button--danger"
              disabled={act.isPending}
              onClick={() => setConfirm('refund')}
            >
              {t('admin.user.refund')}
            </button>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={confirm !== null}
        title={confirm === 'refund' ? t('admin.user.refundTitle') : t('admin.user.cancelTitle')}
        description={
          confirm === 'refund' ? t('admin.user.refundDescription') : t('admin.user.cancelDescription')
        }
        confirmLabel={confirm === 'refund' ? t('admin.user.refund') : t('admin.user.cancelSubscription')}
        cancelLabel={t('admin.cancel')}
        busy={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) run(confirm);
        }}
      />
    </section>
  );
}
