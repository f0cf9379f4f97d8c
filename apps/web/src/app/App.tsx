import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useToasterRequested } from '../lib/toast';
import { createQueryClient } from './queryClient';
import { createRouter } from './routes';

const Toasts = lazy(() => import('../components/ui/Toasts'));

/**
 * `client`: one main.tsx made early, so the first calls start while the translations load. `router`: one main.tsx
 * made while the first screen's data was on its way, so the first render does not build it (ADR 039).
 */
export function App({
  client,
  router: made,
}: {
  client?: QueryClient;
  router?: ReturnType<typeof createRouter>;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(() => made ?? createRouter());
  const toasterRequested = useToasterRequested();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {toasterRequested && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
