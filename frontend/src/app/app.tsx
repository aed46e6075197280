import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../components/notices.tsx';
import { ConfigProvider } from '../config/config-context.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createRouter } from './router.tsx';

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);

  return (
    <ConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <NoticeProvider>
            <RouterProvider router={router} />
          </NoticeProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
