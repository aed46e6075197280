/** The server's feature flags, read by the app layout and the pricing page. */
export { useFeatureFlag } from './api/get-flags.ts';
