import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppLayout } from './layouts/app-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { AuthRoute } from './routes/auth.tsx';
import { BuilderRoute } from './routes/builder.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ResumesRoute } from './routes/resumes.tsx';

export function createRouter() {
  return createBrowserRouter([
    // The landing page arrives in a later issue.
    { path: '/', element: <Navigate to="/resumes" replace /> },
    {
      element: <PublicLayout />,
      children: [
        { path: '/auth', element: <AuthRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AppLayout />,
          children: [
            { path: '/resumes', element: <ResumesRoute /> },
            { path: '/builder', element: <BuilderRoute /> },
          ],
        },
      ],
    },
  ]);
}
