import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, type ReactNode } from 'react';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';

// Amplify is the boundary; a submit that fails validation never reaches it.
const amplify = {
  signIn: jest.fn(),
  signUp: jest.fn(),
  resetPassword: jest.fn(),
  confirmResetPassword: jest.fn(),
  signOut: jest.fn(),
  fetchAuthSession: jest.fn(),
};

let SignInForm: typeof import('./sign-in-form.tsx').SignInForm;
let SignUpForm: typeof import('./sign-up-form.tsx').SignUpForm;
let RequestResetForm: typeof import('./request-reset-form.tsx').RequestResetForm;
let ChangePasswordForm: typeof import('./change-password-form.tsx').ChangePasswordForm;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
const mount = rootPerTest();

beforeAll(async () => {
  ({ MemoryRouter } = await import('react-router-dom'));
  jest.unstable_mockModule('aws-amplify/auth', () => amplify);
  jest.unstable_mockModule('./auth-extras.css', () => ({}));
  ({ SignInForm } = await import('./sign-in-form.tsx'));
  ({ SignUpForm } = await import('./sign-up-form.tsx'));
  ({ RequestResetForm } = await import('./request-reset-form.tsx'));
  jest.unstable_mockModule('../../../lib/auth.tsx', () => ({
    useAuth: () => ({ state: { status: 'signedOut' }, refresh: async () => {} }),
  }));
  ({ ChangePasswordForm } = await import('./change-password-form.tsx'));
  await initTestI18n();
});

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

function render(form: ReactNode) {
  act(() =>
    mount.root.render(
      <MemoryRouter>
        <ConfigProvider config={{ apiUrl: '/api', stage: 'test' } as RuntimeConfig}>
          <NoticeProvider>{form}</NoticeProvider>
        </ConfigProvider>
      </MemoryRouter>,
    ),
  );
}

const field = (name: string) => mount.container.querySelector(`input[name="${name}"]`) as HTMLInputElement;

function type(name: string, value: string) {
  const input = field(name);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Submit, then let the focus (one animation frame later) happen. */
function submit() {
  act(() => mount.container.querySelector('form')?.requestSubmit());
  act(() => jest.advanceTimersByTime(50));
}

const noop = () => {};

describe('a submit that fails validation focuses the first invalid field', () => {
  it('sign-in: the password when only it is missing', () => {
    render(
      <SignInForm
        email="ada@example.test"
        onEmailChange={noop}
        onSignedIn={async () => {}}
        onNeedsConfirmation={noop}
      />,
    );
    submit();
    expect(document.activeElement).toBe(field('password'));
    expect(amplify.signIn).not.toHaveBeenCalled();
  });

  it('sign-in: the e-mail first when both are wrong', () => {
    render(
      <SignInForm
        email="not-an-email"
        onEmailChange={noop}
        onSignedIn={async () => {}}
        onNeedsConfirmation={noop}
      />,
    );
    submit();
    expect(document.activeElement).toBe(field('email'));
  });

  it('sign-up: the first field in the form order that is invalid', () => {
    render(
      <SignUpForm
        email="ada@example.test"
        onEmailChange={noop}
        onSignedIn={async () => {}}
        onNeedsConfirmation={noop}
        onSignInInstead={noop}
      />,
    );
    type('firstName', 'Ada');
    submit();
    expect(document.activeElement).toBe(field('lastName'));
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('request reset: the e-mail', () => {
    render(<RequestResetForm initialEmail="" />);
    submit();
    expect(document.activeElement).toBe(field('email'));
    expect(amplify.resetPassword).not.toHaveBeenCalled();
  });

  it('change password: the button is active while empty, and a submit focuses the code first', () => {
    render(<ChangePasswordForm link={null} initialEmail="ana@example.com" />);
    const button = mount.container.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    submit();
    expect(document.activeElement).toBe(field('code'));
    expect(field('code').getAttribute('aria-invalid')).toBe('true');
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();
  });

  it('change password: passwords that differ focus the confirmation', () => {
    render(<ChangePasswordForm link={{ email: 'ana@example.com', code: '123456' }} initialEmail="" />);
    type('password', 'Long-enough-2026');
    type('confirmPassword', 'Long-enough-2027');
    submit();
    expect(document.activeElement).toBe(field('confirmPassword'));
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();
  });
});
