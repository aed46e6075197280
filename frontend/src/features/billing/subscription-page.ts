/** The subscription page, for its route (app/routes/subscription.tsx). */
export { SubscriptionPage } from './components/subscription-page.tsx';
