/** The account feature to the app: the signed-in app follows the profile's language (app-layout.tsx). */
export { useAccountLanguage } from './hooks/use-account-language.ts';
