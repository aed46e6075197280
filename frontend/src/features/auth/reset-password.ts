/** The /reset-password page's forms and the reset link it reads, for its route (app/routes/reset-password.tsx). */
export { ChangePasswordForm } from './components/change-password-form.tsx';
export { RequestResetForm } from './components/request-reset-form.tsx';
export { readResetLink } from './lib/flow-storage.ts';
