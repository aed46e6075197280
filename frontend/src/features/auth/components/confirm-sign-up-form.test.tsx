import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { readLocale } from '../../../i18n/read-locale.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Amplify is the boundary: its calls stand in for Cognito; the form, messages and cooldown are real.
const confirmSignUp = jest.fn<(input: unknown) => Promise<unknown>>();
const resendSignUpCode = jest.fn<(input: unknown) => Promise<unknown>>();
const signIn = jest.fn<(input: unknown) => Promise<unknown>>();
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

let ConfirmSignUpForm: typeof import('./confirm-sign-up-form.tsx').ConfirmSignUpForm;
let resendCooldownSeconds: number;
let container: HTMLDivElement;
let root: Root;
const onSignedIn = jest.fn(async () => {});
const onConfirmedWithoutSession = jest.fn();

beforeAll(async () => {
  jest.unstable_mockModule('aws-amplify/auth', () => ({ confirmSignUp, resendSignUpCode, signIn }));
  ({ ConfirmSignUpForm, resendCooldownSeconds } = await import('./confirm-sign-up-form.tsx'));
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: readLocale('en-US') } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <ConfigProvider config={{ apiUrl: '/api', stage: 'test' } as RuntimeConfig}>
        <NoticeProvider>
          <ConfirmSignUpForm
            email="ada@example.test"
            password="violet ferry"
            onSignedIn={onSignedIn}
            onConfirmedWithoutSession={onConfirmedWithoutSession}
            onBack={() => {}}
          />
        </NoticeProvider>
      </ConfigProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  jest.useRealTimers();
});

const button = (name: RegExp) => {
  const found = [...container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const flush = () => act(async () => {});
/** One act per second: each tick renders before the next timer is set. */
const waitOutCooldown = () => {
  for (let second = 0; second < resendCooldownSeconds; second++) act(() => jest.advanceTimersByTime(1000));
};

describe('confirmation step', () => {
  it('offers a new code only after the cooldown, then says where it went and restarts the cooldown', async () => {
    resendSignUpCode.mockResolvedValue({});
    expect(button(/Resend code in 30 seconds/).disabled).toBe(true);

    waitOutCooldown();
    expect(button(/^Resend code$/).disabled).toBe(false);
    act(() => button(/^Resend code$/).click());
    await flush();

    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'ada@example.test' });
    expect(container.textContent).toContain('We sent a new code to ada@example.test.');
    expect(button(/Resend code in 30 seconds/).disabled).toBe(true);
  });

  it('says when a new code could not be sent', async () => {
    resendSignUpCode.mockRejectedValue(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    waitOutCooldown();
    act(() => button(/^Resend code$/).click());
    await flush();

    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('turns a code that was already used into a sign-in, not an error', async () => {
    confirmSignUp.mockRejectedValue(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const input = container.querySelector('input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '123456');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => button(/^Confirm$/).click());
    await flush();

    expect(container.querySelector('[role="status"]')?.textContent).toContain(
      'This code was already used — your account is confirmed. Sign in.',
    );
    act(() => button(/^Sign in$/).click());
    await flush();
    expect(signIn).toHaveBeenCalledWith(expect.objectContaining({ username: 'ada@example.test' }));
    expect(onSignedIn).toHaveBeenCalled();
  });

  it('focuses the code field when it is submitted empty', () => {
    act(() => container.querySelector('form')?.requestSubmit());
    act(() => jest.advanceTimersByTime(50));
    expect(document.activeElement).toBe(container.querySelector('input'));
    expect(confirmSignUp).not.toHaveBeenCalled();
  });
});
