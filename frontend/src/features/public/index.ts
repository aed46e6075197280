/** The public site to the app: the landing page, a public page's head (Seo), and the site's build settings. */
export { LandingPage } from './components/landing-page.tsx';
export { Seo } from './components/seo.tsx';
export { siteSettings } from './lib/site-env.ts';
