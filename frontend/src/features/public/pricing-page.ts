/** The pricing page, for its route: a chunk of its own, loaded when the page opens. */
export { PricingPage } from './components/pricing-page.tsx';
