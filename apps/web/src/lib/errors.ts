import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR_CODE } from './api';

/** The text a person reads for a failed call: translated for the common cases, else the server's own message. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR_CODE) return t('common:errors.network');
    if (error.status === 401) return t('common:errors.unauthorized');
    if (error.status === 429) return t('common:errors.rate_limited');
    if (error.status >= 500) return t('common:errors.server');
    return error.message;
  }
  return t('common:errors.unknown');
}
