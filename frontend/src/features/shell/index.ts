/** The public pages' frame (app/layouts/public-layout.tsx): the top bar and the footer, which the app shares. */
export { PublicTopBar } from './components/public-top-bar.tsx';
export { SiteFooter } from './components/site-footer.tsx';
