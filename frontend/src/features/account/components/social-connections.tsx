import { signInWithRedirect } from 'aws-amplify/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SocialConnection, type SocialProvider, socialProviders } from '#shared/account';
import { useNotify } from '../../../components/notices.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { useConfig } from '../../../config/config-context.tsx';
import { saveIntendedRedirect } from '../../../lib/intended-redirect.ts';
import { useDisconnectSocialConnection, useSocialConnections } from '../api/social-connections.ts';

const amplifyProvider = {
  google: 'Google',
  linkedin: { custom: 'LinkedIn' },
} as const satisfies Record<SocialProvider, unknown>;

function Row({
  provider,
  connection,
  onConnect,
}: {
  provider: SocialProvider;
  connection: SocialConnection | undefined;
  onConnect: (provider: SocialProvider) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const disconnect = useDisconnectSocialConnection();
  const [confirming, setConfirming] = useState(false);
  const name = t(`account.social.providers.${provider}`);
  const connected = connection?.connected === true;
  const details = [connection?.name, connection?.email].filter(Boolean).join(' · ');

  return (
    <li className="social-connection">
      <div className="social-connection__body">
        <p className="social-connection__name">{name}</p>
        <p className="muted">
          {connected ? t('account.social.connected') : t('account.social.notConnected')}
          {connected && details ? ` · ${details}` : ''}
        </p>
      </div>
      {confirming ? (
        <fieldset className="social-connection__confirm">
          <legend>{t('account.social.confirmDisconnect', { provider: name })}</legend>
          <div className="social-connection__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(provider, {
                  onSuccess: () => {
                    setConfirming(false);
                    notify({ title: t('account.social.disconnected', { provider: name }) });
                  },
                  onError: () =>
                    notify({
                      title: t('account.social.disconnectFailed', { provider: name }),
                      tone: 'error',
                    }),
                })
              }
            >
              {t('account.social.confirm')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={disconnect.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('account.social.cancel')}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="social-connection__actions">
          {connected ? (
            <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
              {t('account.social.disconnect')}
              <span className="visually-hidden"> {name}</span>
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => onConnect(provider)}>
              {t('account.social.connect')}
              <span className="visually-hidden"> {name}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** Google and LinkedIn: connected or not, connect through the hosted sign-in, disconnect after a confirmation. */
export function SocialConnections() {
  const { t } = useTranslation();
  const config = useConfig();
  const notify = useNotify();
  const connections = useSocialConnections();

  async function connect(provider: SocialProvider) {
    const name = t(`account.social.providers.${provider}`);
    if (!config.socialSignIn) {
      notify({ title: t('account.social.unavailable'), tone: 'error' });
      return;
    }
    try {
      // /auth/callback brings the user back here once the provider is linked.
      saveIntendedRedirect('/account-settings');
      // 'LOGIN' lets a signed-in user start the redirect (Amplify refuses otherwise) and asks the provider to
      // authenticate afresh.
      await signInWithRedirect({ provider: amplifyProvider[provider], options: { prompt: 'LOGIN' } });
    } catch {
      notify({ title: t('account.social.connectFailed', { provider: name }), tone: 'error' });
    }
  }

  return (
    <SettingsSection title={t('account.social.title')} description={t('account.social.description')}>
      {connections.isError ? (
        <div className="form-error" role="alert">
          <p>{t('account.social.loadFailed')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void connections.refetch()}
          >
            {t('account.retry')}
          </button>
        </div>
      ) : connections.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : (
        <ul className="social-connections">
          {socialProviders.map((provider) => (
            <Row
              key={provider}
              provider={provider}
              connection={connections.data.find((c) => c.provider === provider)}
              onConnect={(p) => void connect(p)}
            />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
