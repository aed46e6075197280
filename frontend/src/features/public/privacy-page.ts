/** The privacy policy page, for its route: a chunk of its own, loaded when the page opens. */
export { PrivacyPage } from './components/privacy-page.tsx';
