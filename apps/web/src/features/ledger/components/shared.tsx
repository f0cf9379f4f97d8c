import type { TFunction } from 'i18next';
import type { JournalSource } from '@tt/domain';
import { formatDate } from '../../../lib/format';

/** An account's name in the user's language (the chart is the same for every business). */
export const accountName = (t: TFunction, code: number) => t(`ledger:account_names.${code}`);

/** What a posting is about: the owner's own words for a manual entry, its cause for an automatic one. */
export const describePosting = (t: TFunction, source: JournalSource, description: string) =>
  source === 'manual' ? description : t(`ledger:sources.${source}`);

/** A day (YYYY-MM-DD) as the user reads dates (midnight UTC is the same day in Johannesburg). */
export const formatDay = (day: string, language: string) => formatDate(`${day}T00:00:00Z`, language);
