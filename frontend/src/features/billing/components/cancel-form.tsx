import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CancellationReason, cancellationReasons, type SubscriptionView } from '#shared/billing';
import { Dialog } from '../../../components/dialog.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useCancelSubscription } from '../api/billing.ts';
import { accessUntil, formatDate } from '../lib/lifecycle.ts';

/** The server's limit for the details (shared/billing.ts cancelRequestSchema). */
export const CANCEL_DETAILS_MAX = 1000;

/**
 * Cancel at the end of the billing period: a reason (required) and optional details, then a confirmation
 * dialog naming the date access ends. `onCancelled` hears the new view.
 */
export function CancelForm({
  view,
  onCancelled,
}: {
  view: SubscriptionView;
  onCancelled: (view: SubscriptionView) => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const cancel = useCancelSubscription();
  const [reason, setReason] = useState<CancellationReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const reasonId = useId();
  const errorId = useId();
  const detailsId = useId();
  const hintId = useId();
  const until = view.validUntil ?? view.nextPaymentDate;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setError(t('billing.cancel.reasonRequired'));
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setError(null);
    setConfirming(true);
  }

  function close() {
    setConfirming(false);
    submitRef.current?.focus();
  }

  async function confirm() {
    if (!reason) return;
    const trimmed = details.trim();
    try {
      const next = await cancel.mutateAsync({ reason, ...(trimmed ? { details: trimmed } : {}) });
      setConfirming(false);
      onCancelled(next);
    } catch (failure) {
      setConfirming(false);
      notify({ title: errorMessage(t, failure), variant: 'destructive' });
    }
  }

  const left = CANCEL_DETAILS_MAX - details.length;
  return (
    <>
      <form className="form billing-cancel" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={reasonId}>{t('billing.cancel.reason')}</label>
          <select
            id={reasonId}
            name="reason"
            required
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setReason(event.target.value as CancellationReason | '');
              if (event.target.value) setError(null);
            }}
          >
            <option value="">{t('billing.cancel.reasonPlaceholder')}</option>
            {cancellationReasons.map((value) => (
              <option key={value} value={value}>
                {t(`billing.cancel.reasons.${value}`)}
              </option>
            ))}
          </select>
          {error ? (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={detailsId}>{t('billing.cancel.details')}</label>
          <textarea
            id={detailsId}
            name="details"
            rows={3}
            maxLength={CANCEL_DETAILS_MAX}
            value={details}
            aria-describedby={hintId}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p id={hintId} className="field__hint">
            {t('billing.cancel.detailsHint', { count: left })}
          </p>
        </div>
        <div className="actions">
          <button ref={submitRef} type="submit" className="button button--danger">
            {t('billing.cancel.submit')}
          </button>
        </div>
      </form>
      {/* Beside the form, not in it: the dialog has a form of its own. */}
      <Dialog
        open={confirming}
        title={t('billing.cancel.confirmTitle')}
        description={
          until
            ? t('billing.cancel.confirmDescription', { date: formatDate(until, i18n.language) })
            : t('billing.cancel.confirmDescriptionNoDate')
        }
        confirmLabel={t('billing.cancel.confirm')}
        cancelLabel={t('billing.cancel.keep')}
        busy={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </>
  );
}

/** Shown after a cancellation: the date access ends, and that it can still be undone. */
export function CancelledNotice({ view }: { view: SubscriptionView }) {
  const { t, i18n } = useTranslation();
  const until = accessUntil(view);
  return (
    <div className="form-notice billing-cancelled" role="status" tabIndex={-1}>
      <p>
        <strong>{t('billing.cancel.doneTitle')}</strong>
      </p>
      {until ? <p>{t('billing.cancel.done', { date: formatDate(until, i18n.language) })}</p> : null}
    </div>
  );
}
