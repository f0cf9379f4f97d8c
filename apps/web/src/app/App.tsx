import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useToasterRequested } from '../lib/toast';
import { createQueryClient } from './queryClient';
import { createRouter } from './routes';

const Toasts = lazy(() => import('../components/ui/Toasts'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
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
