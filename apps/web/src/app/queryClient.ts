import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { i18n } from '../lib/i18n';

/** One place shows every failed call to the user (DECISIONS 5): nothing fails silently. */
export function createQueryClient() {
  const report = (error: unknown) =>
    toast.error(errorMessage(error, i18n.t), {
      id: error instanceof ApiError ? `${error.status}:${error.message}` : undefined,
    });
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30 * 1000,
        // Township networks drop: keep showing what was last seen rather than a blank screen.
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}
