import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmSignUpForm } from './confirm-sign-up-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { SocialSignIn } from './social-sign-in.tsx';

export type AuthView = 'sign-in' | 'sign-up';
const views: readonly AuthView[] = ['sign-in', 'sign-up'];

type Step = { kind: 'credentials' } | { kind: 'confirm'; email: string; password: string };

interface AuthPanelProps {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** Called once Amplify holds a session; the page then leaves /auth. */
  onSignedIn: () => Promise<void>;
  /** Where the user goes after signing in (kept across a social sign-in's round trip). */
  redirectTo: string;
}

/** Sign-in and sign-up tabs, and the confirmation-code step that follows a sign-up. */
export function AuthPanel({ view, onViewChange, onSignedIn, redirectTo }: AuthPanelProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<AuthView, HTMLButtonElement | null>>>({});
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [notice, setNotice] = useState<string | null>(null);

  const tabId = (v: AuthView) => `${baseId}-tab-${v}`;
  const panelId = (v: AuthView) => `${baseId}-panel-${v}`;

  function select(next: AuthView, focus = false) {
    setNotice(null);
    onViewChange(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = views.indexOf(view);
    const target =
      event.key === 'ArrowRight'
        ? views[(index + 1) % views.length]
        : event.key === 'ArrowLeft'
          ? views[(index - 1 + views.length) % views.length]
          : event.key === 'Home'
            ? views[0]
            : event.key === 'End'
              ? views[views.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  }

  const needsConfirmation = (credentials: { email: string; password: string }) => {
    setEmail(credentials.email);
    setStep({ kind: 'confirm', ...credentials });
  };

  if (step.kind === 'confirm') {
    return (
      <ConfirmSignUpForm
        email={step.email}
        password={step.password}
        onSignedIn={onSignedIn}
        onConfirmedWithoutSession={() => {
          setStep({ kind: 'credentials' });
          setNotice(t('auth.confirm.confirmedSignIn'));
          onViewChange('sign-in');
        }}
        onBack={() => setStep({ kind: 'credentials' })}
      />
    );
  }

  return (
    <div className="auth-panel">
      <div className="tabs" role="tablist" aria-label={t('auth.tabs.label')}>
        {views.map((v) => (
          <button
            key={v}
            ref={(element) => {
              tabRefs.current[v] = element;
            }}
            type="button"
            role="tab"
            id={tabId(v)}
            aria-selected={view === v}
            aria-controls={panelId(v)}
            tabIndex={view === v ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(v)}
            onKeyDown={onTabKeyDown}
          >
            {v === 'sign-in' ? t('auth.tabs.signIn') : t('auth.tabs.signUp')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)} className="tabs__panel">
        {notice ? (
          <p className="form-notice" role="status">
            {notice}
          </p>
        ) : null}
        {view === 'sign-in' ? (
          <SignInForm
            email={email}
            onEmailChange={setEmail}
            onSignedIn={onSignedIn}
            onNeedsConfirmation={needsConfirmation}
          />
        ) : (
          <SignUpForm
            email={email}
            onEmailChange={setEmail}
            onSignedIn={onSignedIn}
            onNeedsConfirmation={needsConfirmation}
            onSignInInstead={() => select('sign-in', true)}
          />
        )}
        <SocialSignIn redirectTo={redirectTo} />
      </div>
    </div>
  );
}
