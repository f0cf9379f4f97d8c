import type { TFunction } from 'i18next';
import type { ReportBucket } from '@tt/domain';

/** A chart label in the user's language: "17 Nov" for a day or a week (its Monday), "Nov" for a month. */
export function bucketLabel(label: string, bucket: ReportBucket, t: TFunction): string {
  const month = t(`common:months.${Number(label.slice(5, 7))}`);
  return bucket === 'month' ? month : `${Number(label.slice(8, 10))} ${month}`;
}
