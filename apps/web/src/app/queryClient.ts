import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from '../lib/api';
import { errorMessage, isShownInPlace, loadErrorTranslations } from '../lib/errors';
import { i18n } from '../lib/i18n';
import { paths } from '../lib/paths';
import { toastError } from '../lib/toast';
import { authKeys } from '../features/auth/api';

/** One place shows every failed call to the user (DECISIONS 5): nothing fails silently. */
export function createQueryClient() {
  const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
    // A session that ended (expired, or logged out elsewhere) sends the user back to sign in.
    if (error instanceof ApiError && error.status === 401) client.setQueryData(authKeys.me(), null);
    // A plan allowance is answered by the upgrade dialog of the screen that hit it, not a toast.
    if (error instanceof ApiError && error.code === 'plan_limit') return;
    if (isShownInPlace(meta)) return;
    // The sign-in callback page explains a failed sign-in itself, in full; a toast would say it twice.
    if (window.location.pathname === paths.authCallback) return;
    const show = () =>
      toastError(
        errorMessage(error, i18n.t),
        error instanceof ApiError ? `${error.status}:${error.code}:${error.message}` : undefined,
      );
    // Offline is said from the first screen's own strings, at once; the translations of the server's
    // codes load with the first refusal, not with the first screen.
    if (error instanceof ApiError && error.code !== NETWORK_ERROR_CODE)
      void loadErrorTranslations().then(show);
    else show();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => report(error, mutation.meta),
    }),
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
  return client;
}
