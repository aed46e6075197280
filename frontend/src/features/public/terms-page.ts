/** The terms page, for its route: a chunk of its own, loaded when the page opens. */
export { TermsPage } from './components/terms-page.tsx';
