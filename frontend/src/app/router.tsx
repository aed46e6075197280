import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AnalyticsRoot } from '../features/analytics/analytics-root.ts';
import { fetchPreviewIfWide } from '../features/builder/prefetch.ts';
import { type AppMessageGroup, loadAppMessages } from '../i18n/index.ts';
import { loadAmplify } from '../lib/amplify.ts';
import { isImpersonating } from '../lib/impersonation-session.ts';
import { loadQueryClient } from '../lib/query-client.ts';
import { mayHaveStoredSession } from '../lib/stored-session.ts';
import { FocusOnNavigation } from './focus-on-navigation.tsx';
import { guardTextGroups } from './guard-texts.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { PageLoading, RouteError } from './layouts/route-states.tsx';
import type { ComingSoonPage } from './routes/coming-soon.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { signedInModules } from './signed-in-modules.ts';

// Only the landing page (and the not-found page) are in the main bundle; every other page is loaded on
// demand, so the landing page never downloads the other pages' code, nor Amplify: the routes that call Amplify
// (the auth screens, the social sign-in's return, account settings) load and configure it before they render;
// the other signed-in pages read the session without it (lib/session.ts). The
// other public pages are prerendered too: startApp (app.tsx) loads the lazy routes a path matches before it
// hydrates, so their first render is the prerendered markup.
const withAmplify = async <T,>(load: () => Promise<T>): Promise<T> =>
  (await Promise.all([load(), loadAmplify()]))[0];

/** The auth screens' and the app's texts are not in the bundle every page loads: their routes load them. */
const withMessages = async <T,>(names: AppMessageGroup[], load: () => Promise<T>): Promise<T> =>
  (await Promise.all([load(), loadAppMessages(...names)]))[0];

const appLayout = async () => ({ Component: (await signedInModules.appLayout()).AppLayout });

const comingSoon = (page: ComingSoonPage) => async () => {
  const { ComingSoonRoute } = await import('./routes/coming-soon.tsx');
  return { element: <ComingSoonRoute page={page} /> };
};

/**
 * Every route that may query the API sits under this layout: it provides the page's QueryClient, created (and
 * react-query loaded) when the first such route opens. The landing page, /privacy-policy, /terms and unknown
 * paths never query, so they do without react-query.
 */
const withQueries = async () => {
  const [{ QueryClientProvider }, queryClient] = await Promise.all([
    import('@tanstack/react-query'),
    loadQueryClient(),
  ]);
  return {
    element: (
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    ),
  };
};

/** Cover letters exist only while the server's `coverLetter` flag is on; otherwise the path is unknown. */
const coverLetterGate = async () => {
  const { FlagGate } = await import('../features/flags/flag-gate.ts');
  return { element: <FlagGate flag="coverLetter" loading={<PageLoading />} off={<NotFoundRoute />} /> };
};

/**
 * A visit that starts in the builder asks for its resume while the builder's code downloads (the session
 * takes the answer, features/builder/hooks/use-resume-session.ts) rather than after. Only then: the route is
 * loaded once, and on a later navigation to it this page's address is not yet the builder's. Not for a
 * visitor without a session (the guard sends them to sign in), nor while a staff member impersonates someone
 * (that read-only view opens the usual way).
 */
async function fetchOpenedResume(): Promise<void> {
  const id = new URLSearchParams(window.location.search).get('id');
  if (window.location.pathname !== '/builder' || !id || !mayHaveStoredSession() || isImpersonating()) return;
  const { fetchResumeEarly } = await import('../features/resumes/index.ts');
  fetchResumeEarly(id);
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <FocusOnNavigation />
      <AnalyticsRoot isSuppressed={isImpersonating} />
      <Outlet />
    </>
  );
}

/** Every route of spec section 2, shared by the browser router and the prerenderer. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingRoute /> },
          {
            path: '/privacy-policy',
            lazy: async () => ({
              Component: (await import('./routes/privacy-policy.tsx')).PrivacyPolicyRoute,
            }),
          },
          {
            path: '/terms',
            lazy: async () => ({ Component: (await import('./routes/terms.tsx')).TermsRoute }),
          },
          {
            // Where a deleted account's owner lands, signed out.
            path: '/account-deleted',
            lazy: () =>
              withMessages(['account'], async () => ({
                Component: (await import('./routes/account-deleted.tsx')).AccountDeletedRoute,
              })),
          },
          {
            lazy: withQueries,
            children: [
              {
                path: '/auth',
                lazy: () =>
                  withAmplify(() =>
                    withMessages(['auth'], async () => ({
                      Component: (await import('./routes/auth.tsx')).AuthRoute,
                    })),
                  ),
              },
              {
                path: '/reset-password',
                lazy: () =>
                  withAmplify(() =>
                    withMessages(['auth'], async () => ({
                      Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute,
                    })),
                  ),
              },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        lazy: withQueries,
        children: [
          // Signed in: app layout; visitors: public layout.
          { path: '/faq', lazy: async () => ({ Component: (await import('./routes/faq.tsx')).FaqRoute }) },
          {
            path: '/pricing',
            lazy: async () => ({ Component: (await import('./routes/pricing.tsx')).PricingRoute }),
          },
          {
            // The callback creates the session, so it cannot sit behind the guard.
            lazy: appLayout,
            children: [
              {
                path: '/auth/callback',
                lazy: () =>
                  withAmplify(() =>
                    withMessages(['auth'], async () => ({
                      Component: (await import('./routes/auth-callback.tsx')).AuthCallbackRoute,
                    })),
                  ),
              },
            ],
          },
          {
            lazy: () =>
              withMessages([...guardTextGroups], async () => ({
                Component: (await signedInModules.requireAuth()).RequireAuth,
              })),
            children: [
              {
                lazy: appLayout,
                children: [
                  {
                    path: '/resumes',
                    lazy: async () => ({ Component: (await signedInModules.resumes()).ResumesRoute }),
                  },
                  {
                    path: '/builder',
                    lazy: async () => {
                      void fetchOpenedResume();
                      fetchPreviewIfWide();
                      const [route, messages] = await Promise.all([
                        signedInModules.builder(),
                        import('../features/builder/messages.ts'),
                      ]);
                      await messages.loadEditorMessages();
                      return { Component: route.BuilderRoute };
                    },
                  },
                  // Spec: opened by 'create new resume'; resets the in-progress resume and opens the builder.
                  {
                    path: '/new-resume',
                    lazy: async () => ({
                      Component: (await signedInModules.newResume()).NewResumeRoute,
                    }),
                  },
                  {
                    path: '/upload-resume',
                    lazy: async () => {
                      const [route, messages] = await Promise.all([
                        signedInModules.uploadResume(),
                        import('../features/import/messages.ts'),
                      ]);
                      await messages.loadImportMessages();
                      return { Component: route.UploadResumeRoute };
                    },
                  },
                  {
                    path: '/resume-tailoring',
                    lazy: async () => {
                      const [route, messages] = await Promise.all([
                        signedInModules.tailoring(),
                        import('../features/ai/messages.ts'),
                      ]);
                      await messages.loadAiMessages();
                      return { Component: route.ResumeTailoringRoute };
                    },
                  },
                  {
                    path: '/resume-tailoring-test',
                    lazy: async () => {
                      const [route, messages] = await Promise.all([
                        signedInModules.tailoring(),
                        import('../features/ai/messages.ts'),
                      ]);
                      await messages.loadAiMessages();
                      return { Component: route.ResumeTailoringTestRoute };
                    },
                  },
                  {
                    path: '/subscription',
                    lazy: async () => {
                      const [route, messages] = await Promise.all([
                        signedInModules.subscription(),
                        import('../features/billing/messages.ts'),
                      ]);
                      await messages.loadBillingMessages();
                      return { Component: route.SubscriptionRoute };
                    },
                  },
                  {
                    path: '/resume-assistant',
                    lazy: async () => {
                      const [route, messages] = await Promise.all([
                        signedInModules.assistant(),
                        import('../features/ai/messages.ts'),
                      ]);
                      await messages.loadAiMessages();
                      return { Component: route.ResumeAssistantRoute };
                    },
                  },
                  {
                    lazy: coverLetterGate,
                    children: [{ path: '/cover-letter', lazy: comingSoon('coverLetter') }],
                  },
                  {
                    path: '/account-settings',
                    lazy: () =>
                      withAmplify(async () => ({
                        Component: (await signedInModules.accountSettings()).AccountSettingsRoute,
                      })),
                  },
                  {
                    path: '/auth-debug',
                    lazy: () =>
                      withAmplify(async () => ({
                        Component: (await import('./routes/auth-debug.tsx')).AuthDebugRoute,
                      })),
                  },
                  {
                    lazy: async () => ({ Component: (await signedInModules.admin()).RequireStaff }),
                    children: [
                      {
                        path: '/admin/*',
                        lazy: async () => ({ Component: (await signedInModules.admin()).AdminRoute }),
                      },
                      {
                        path: '/admin-test',
                        lazy: async () => ({
                          Component: (await signedInModules.admin()).AdminTestRoute,
                        }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
