import { useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AnalyticsRoot } from '../features/analytics/components/analytics-root.tsx';
import { track } from '../features/analytics/index.ts';
import { useFeatureFlag } from '../features/flags/api/get-flags.ts';
import { isImpersonating } from '../features/impersonation/lib/session-store.ts';
import { loadAmplify } from '../lib/amplify.ts';
import { FocusOnNavigation } from './focus-on-navigation.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { PageLoading, RouteError } from './layouts/route-states.tsx';
import { RequireAuth } from './require-auth.tsx';
import type { ComingSoonPage } from './routes/coming-soon.tsx';
import { FaqRoute } from './routes/faq.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { PricingRoute } from './routes/pricing.tsx';
import { PrivacyPolicyRoute } from './routes/privacy-policy.tsx';
import { TermsRoute } from './routes/terms.tsx';

// Public pages are in the main bundle (they are prerendered and hydrated); everything else is loaded on
// demand, so the landing page never downloads the app's code, nor Amplify: the routes that call Amplify
// (the auth screens and everything under the app layout) load and configure it before they render.
const withAmplify = async <T,>(load: () => Promise<T>): Promise<T> =>
  (await Promise.all([load(), loadAmplify()]))[0];

const appLayout = () =>
  withAmplify(async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }));

const comingSoon = (page: ComingSoonPage) => async () => {
  const { ComingSoonRoute } = await import('./routes/coming-soon.tsx');
  return { element: <ComingSoonRoute page={page} /> };
};

/**
 * Cover letters exist only while the server's `coverLetter` flag is on; otherwise the path is unknown. Opening
 * the page counts as a use of the feature.
 */
function CoverLetterGate() {
  const enabled = useFeatureFlag('coverLetter');
  useEffect(() => {
    if (enabled) track('feature_used', { feature: 'coverLetter' });
  }, [enabled]);
  if (enabled === null) return <PageLoading />;
  return enabled ? <Outlet /> : <NotFoundRoute />;
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
          { path: '/privacy-policy', element: <PrivacyPolicyRoute /> },
          { path: '/terms', element: <TermsRoute /> },
          {
            path: '/auth',
            lazy: () =>
              withAmplify(async () => ({ Component: (await import('./routes/auth.tsx')).AuthRoute })),
          },
          {
            path: '/reset-password',
            lazy: () =>
              withAmplify(async () => ({
                Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute,
              })),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      // Signed in: app layout; visitors: public layout.
      { path: '/faq', element: <FaqRoute /> },
      { path: '/pricing', element: <PricingRoute /> },
      {
        // The callback creates the session, so it cannot sit behind the guard.
        lazy: appLayout,
        children: [
          {
            path: '/auth/callback',
            lazy: async () => ({ Component: (await import('./routes/auth-callback.tsx')).AuthCallbackRoute }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: appLayout,
            children: [
              {
                path: '/resumes',
                lazy: async () => ({ Component: (await import('./routes/resumes.tsx')).ResumesRoute }),
              },
              {
                path: '/builder',
                lazy: async () => {
                  const [route, messages] = await Promise.all([
                    import('./routes/builder.tsx'),
                    import('../features/builder/messages.ts'),
                  ]);
                  await messages.loadEditorMessages();
                  return { Component: route.BuilderRoute };
                },
              },
              // Spec: opened by 'create new resume'; resets the in-progress resume and opens the builder.
              {
                path: '/new-resume',
                lazy: async () => ({ Component: (await import('./routes/new-resume.tsx')).NewResumeRoute }),
              },
              {
                path: '/upload-resume',
                lazy: async () => {
                  const [route, messages] = await Promise.all([
                    import('./routes/upload-resume.tsx'),
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
                    import('./routes/resume-tailoring.tsx'),
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
                    import('./routes/resume-tailoring.tsx'),
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
                    import('./routes/subscription.tsx'),
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
                    import('./routes/resume-assistant.tsx'),
                    import('../features/ai/messages.ts'),
                  ]);
                  await messages.loadAiMessages();
                  return { Component: route.ResumeAssistantRoute };
                },
              },
              {
                element: <CoverLetterGate />,
                children: [{ path: '/cover-letter', lazy: comingSoon('coverLetter') }],
              },
              {
                path: '/account-settings',
                lazy: async () => ({
                  Component: (await import('./routes/account-settings.tsx')).AccountSettingsRoute,
                }),
              },
              {
                path: '/auth-debug',
                lazy: async () => ({ Component: (await import('./routes/auth-debug.tsx')).AuthDebugRoute }),
              },
              {
                lazy: async () => ({ Component: (await import('./routes/admin.tsx')).RequireStaff }),
                children: [
                  {
                    path: '/admin/*',
                    lazy: async () => ({ Component: (await import('./routes/admin.tsx')).AdminRoute }),
                  },
                  {
                    path: '/admin-test',
                    lazy: async () => ({ Component: (await import('./routes/admin.tsx')).AdminTestRoute }),
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
