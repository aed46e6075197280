import { routePath } from '#shared/site';
import { editorTexts } from '../features/builder/editor-texts.ts';
import { fetchPreviewIfWide } from '../features/builder/prefetch.ts';
import { loadAmplifyModules } from '../lib/amplify.ts';

/**
 * The modules of the signed-in area. The router loads them as its routes open (router.tsx); a visit that starts
 * on a signed-in page also fetches them from the entry (main.tsx), side by side with the app's own code, rather
 * than once the app has started and matched the route: on a phone on a slow network that is most of a second.
 */
export const signedInModules = {
  requireAuth: () => import('./require-auth.tsx'),
  appLayout: () => import('./layouts/app-layout.tsx'),
  amplify: loadAmplifyModules,
  resumes: () => import('./routes/resumes.tsx'),
  builder: () => import('./routes/builder.tsx'),
  newResume: () => import('./routes/new-resume.tsx'),
  uploadResume: () => import('./routes/upload-resume.tsx'),
  tailoring: () => import('./routes/resume-tailoring.tsx'),
  assistant: () => import('./routes/resume-assistant.tsx'),
  subscription: () => import('./routes/subscription.tsx'),
  accountSettings: () => import('./routes/account-settings.tsx'),
  admin: () => import('./routes/admin.tsx'),
};

type Page = Exclude<keyof typeof signedInModules, 'requireAuth' | 'appLayout' | 'amplify'>;

/**
 * English texts a page loads before it renders, beyond the guard's (which the build puts in the shell's chunk,
 * vite.config.ts). English is the fallback, loaded in every language, so the entry can ask for it before it
 * knows the visitor's; the page's loader then finds the module already there.
 */
const pageTexts: Partial<Record<Page, () => Promise<unknown>>> = {
  builder: editorTexts['en-US'],
};

const pages: Record<string, Page> = {
  '/resumes': 'resumes',
  '/builder': 'builder',
  '/new-resume': 'newResume',
  '/upload-resume': 'uploadResume',
  '/resume-tailoring': 'tailoring',
  '/resume-tailoring-test': 'tailoring',
  '/resume-assistant': 'assistant',
  '/subscription': 'subscription',
  '/account-settings': 'accountSettings',
  '/admin-test': 'admin',
};

/** The signed-in page at `pathname`, or null for any other path. */
export function signedInPageFor(pathname: string): Page | null {
  const path = routePath(pathname);
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return pages[path] ?? null;
}

/**
 * Start fetching the guard, the app layout, the page's module and their English texts (and Amplify for the page
 * that calls it) when `pathname` is a signed-in page.
 * A failure is left to the router, which loads the same modules and shows the page's error.
 */
export function prefetchSignedInPage(pathname: string): void {
  const page = signedInPageFor(pathname);
  if (!page) return;
  const { requireAuth, appLayout, amplify } = signedInModules;
  if (page === 'builder') fetchPreviewIfWide();
  const texts = pageTexts[page];
  // Only account settings (social linking) calls Amplify; the other pages read the session without it.
  const loads = [requireAuth, appLayout, signedInModules[page], ...(texts ? [texts] : [])];
  if (page === 'accountSettings') loads.push(amplify);
  for (const load of loads) void load().catch(() => undefined);
}
