/** The FAQ page, for its route: a chunk of its own, loaded when the page opens. */
export { FaqPage } from './components/faq-page.tsx';
