/**
 * What the router's root renders to count page views and sign-ins. Apart from index.ts, which every feature
 * imports: this one needs the router, the session and Amplify's loading, which those need not carry.
 */
export { AnalyticsRoot } from './components/analytics-root.tsx';
