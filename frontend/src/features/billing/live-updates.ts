/**
 * The signed-in app's listener for subscription changes (app-layout.tsx). Apart from index.ts, so every
 * signed-in page does not also load the pricing page's checkout.
 */
export { SubscriptionLiveUpdates } from './hooks/use-subscription-events.ts';
