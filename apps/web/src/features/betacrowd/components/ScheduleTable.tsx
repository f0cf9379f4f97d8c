import { useTranslation } from 'react-i18next';
import { formatRand, type Instalment } from '@tt/domain';

/** A repayment schedule, one row per instalment, in a box that scrolls on its own on a phone. */
export function ScheduleTable({ schedule, testId }: { schedule: readonly Instalment[]; testId?: string }) {
  const { t } = useTranslation('betacrowd');
  return (
    // A box that scrolls is reachable by keyboard (tabIndex) and named, so the rows below its fold can be read.
    <div
      className="max-h-56 overflow-auto rounded-lg border border-stone-200"
      data-testid={testId}
      tabIndex={0}
      role="region"
      aria-label={t('schedule.caption')}
    >
      <table className="w-full text-right text-xs tabular-nums sm:text-sm">
        <caption className="sr-only">{t('schedule.caption')}</caption>
        <thead className="sticky top-0 bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-left">
              {t('schedule.number')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('schedule.payment')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('schedule.interest')}
            </th>
            <th scope="col" className="px-2 py-1.5">
              {t('schedule.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((i) => (
            <tr key={i.number} className="border-t border-stone-100">
              <td className="px-2 py-1 text-left">{i.number}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatRand(i.payment_cents)}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatRand(i.interest_cents)}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatRand(i.balance_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
