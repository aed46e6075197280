import { useTranslation } from 'react-i18next';
import {
  type FeatureFlagName,
  type FeatureFlagState,
  featureFlagNames,
  isFeatureFlagName,
} from '#shared/flags';
import { Loading } from '../../../components/loading.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminFlags, useSetFlag } from '../api/flags.ts';
import { useFormat } from '../lib/format.ts';
import { usePermissions } from '../lib/use-permissions.ts';
import { LoadError } from './load-error.tsx';

/** /admin/flags: every feature flag with a switch for roles holding system:featureFlags. */
export function FlagsPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const flags = useAdminFlags();
  const editable = can('system:featureFlags');
  useDocumentTitle(t('admin.flags.title'));
  // The list follows the shared names, so a flag the server has not answered for still shows its default.
  const byName = new Map((flags.data ?? []).map((flag) => [flag.name, flag]));
  const known = flags.data
    ? featureFlagNames.map((name) => byName.get(name) ?? { name, enabled: false })
    : [];
  const extra = (flags.data ?? []).filter((flag) => !featureFlagNames.includes(flag.name));

  return (
    <div className="stack">
      <div>
        <h2>{t('admin.flags.title')}</h2>
        <p className="muted">{t('admin.flags.description')}</p>
      </div>
      {!editable ? <p className="form-notice">{t('admin.flags.readOnly')}</p> : null}
      {flags.isPending ? (
        <Loading label={t('admin.flags.loading')} />
      ) : flags.isError ? (
        <LoadError
          title={t('admin.flags.loadFailed')}
          error={flags.error}
          onRetry={() => void flags.refetch()}
        />
      ) : (
        <ul className="admin-flags">
          {[...known, ...extra].map((flag) => (
            <FlagRow key={flag.name} flag={flag} editable={editable} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FlagRow({ flag, editable }: { flag: FeatureFlagState; editable: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const notify = useNotify();
  const save = useSetFlag();
  const name: FeatureFlagName | null = isFeatureFlagName(flag.name) ? flag.name : null;
  const title = name ? t(`admin.flags.names.${name}`) : flag.name;
  // While saving, the switch shows where it is going.
  const enabled = save.isPending && save.variables ? save.variables.enabled : flag.enabled;
  const titleId = `admin-flag-${flag.name}`;
  const descriptionId = `${titleId}-description`;

  function toggle() {
    if (!name) return;
    save.mutate(
      { name, enabled: !flag.enabled },
      {
        onSuccess: (_, variables) =>
          notify({
            title: t(variables.enabled ? 'admin.flags.savedOn' : 'admin.flags.savedOff', { flag: title }),
          }),
      },
    );
  }

  return (
    <li className="card admin-flag">
      <div className="admin-flag__text">
        <h3 id={titleId}>{title}</h3>
        <p id={descriptionId} className="muted">
          {name ? t(`admin.flags.descriptions.${name}`) : null}
        </p>
        <p className="muted admin-small">
          <code>{flag.name}</code>
          {' · '}
          {flag.updatedAt
            ? flag.updatedBy
              ? t('admin.flags.changedBy', { time: format.dateTime(flag.updatedAt), who: flag.updatedBy })
              : t('admin.flags.changed', { time: format.dateTime(flag.updatedAt) })
            : t('admin.flags.default')}
        </p>
        {save.isError ? (
          <p className="field__error" role="alert">
            {errorMessage(t, save.error)}
          </p>
        ) : null}
      </div>
      <div className="admin-flag__control">
        <button
          type="button"
          role="switch"
          className="admin-switch"
          aria-checked={enabled}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          aria-busy={save.isPending || undefined}
          disabled={!editable || !name || save.isPending}
          onClick={toggle}
        >
          <span className="admin-switch__track" aria-hidden="true">
            <span className="admin-switch__thumb" />
          </span>
        </button>
        <span className="admin-switch__state" aria-hidden="true">
          {save.isPending ? t('admin.saving') : enabled ? t('admin.flags.on') : t('admin.flags.off')}
        </span>
      </div>
    </li>
  );
}
