import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../components/notices.tsx';
import { ConfigProvider } from '../config/config-context.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createRouter } from './router.tsx';

/** Everything around the router; the prerenderer wraps its static router in the same providers. */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <NoticeProvider>{children}</NoticeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);

  return (
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
