/** The /auth page's parts (sign in, sign up, confirm), for its route (app/routes/auth.tsx). */
export { AuthLegal } from './components/auth-legal.tsx';
export { AuthPanel, type AuthView } from './components/auth-panel.tsx';
export { AuthQueryMessage } from './components/auth-query-message.tsx';
