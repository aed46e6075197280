/**
 * The signed-in app's header and sidebar (app/layouts/app-layout.tsx). Apart from index.ts, which the public
 * pages load, so they never carry these.
 */
export { AppHeader } from './components/app-header.tsx';
export { AppSidebar } from './components/app-sidebar.tsx';
