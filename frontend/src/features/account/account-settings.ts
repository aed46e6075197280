/** The account settings page's sections, for its route (app/routes/account-settings.tsx). */
export { AccountInfoForm } from './components/account-info-form.tsx';
export { ChangePasswordSection } from './components/change-password.tsx';
export { DeleteAccount } from './components/delete-account.tsx';
export { LanguageSection } from './components/language-section.tsx';
export { NotificationPreferences } from './components/notification-preferences.tsx';
export { PlanUsage } from './components/plan-usage.tsx';
export { SocialConnections } from './components/social-connections.tsx';
